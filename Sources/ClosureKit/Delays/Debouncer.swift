/// Calls an action with the latest value once values stop arriving for an
/// interval: what a search box needs so that it queries once the user pauses
/// typing.
///
/// ```swift
/// let search = try Debouncer<String>(for: .milliseconds(300), on: .main) { query in
///     performSearch(query)
/// }
/// search.send("s")
/// search.send("sw")
/// search.send("swift")   // 300 ms later: performSearch("swift"), once
/// ```
///
/// Each ``send(_:)`` cancels the pending call and schedules a new one
/// `interval` later with the new value (the trailing edge), on the same timer
/// facility as every other delay of the scheduler, so a keystroke costs one
/// schedule-and-cancel pair. Releasing the debouncer, or ``cancel()``, drops
/// the pending value: its action is not called.
///
/// ## Under concurrent use
///
/// Values may be sent, and the debouncer cancelled, from any thread at once.
/// Each send replaces the pending value in one critical section, so when two
/// threads send at once the one that reaches the debouncer's lock last wins,
/// and the value it replaced never runs. After the quiet time one value runs,
/// once. Once ``cancel()`` has returned, no value sent before it runs (one
/// whose action had already begun may finish), and the next send starts a
/// new quiet time. The action, the values and the scheduler's tokens are
/// never called or released under the debouncer's lock.
public final class Debouncer<Value: Sendable>: Sendable {
    private let delayed: DelayedAction<Value>
    private let pending = Locked<CancellationToken?>(nil)

    /// Creates a debouncer on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: The quiet time after the last value before the action
    ///     runs. It must be from 1 nanosecond to 9.2e9 seconds.
    ///   - scheduler: The scheduler, and so the clock, to use; inject one on a
    ///     ``ManualClock`` in tests.
    ///   - executor: What hands the action over (see ``DelayExecutor``).
    ///   - action: Called with the last value sent.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public init<C>(
        for interval: Duration,
        scheduler: DelayScheduler<C>,
        on executor: DelayExecutor,
        @_inheritActorContext action: @escaping @isolated(any) @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        delayed = try DelayedAction(interval: interval, scheduler: scheduler, executor: executor, action: action)
    }

    /// Creates a debouncer on ``DelayScheduler/shared``.
    ///
    /// - Parameters:
    ///   - interval: The quiet time after the last value. It must be from 1 nanosecond to 9.2e9 seconds.
    ///   - executor: What hands the action over (see ``DelayExecutor``).
    ///   - action: Called with the last value sent.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public convenience init(
        for interval: Duration,
        on executor: DelayExecutor,
        @_inheritActorContext action: @escaping @isolated(any) @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        try self.init(for: interval, scheduler: .shared, on: executor, action: action)
    }

    deinit {
        pending.withLock { $0 }?.cancel()
        // Values waiting for the action's actor go with the debouncer.
        delayed.end()
    }

    /// Sends a value: restarts the quiet interval, and replaces the value the
    /// action will receive.
    ///
    /// - Parameter value: The newest value.
    public func send(_ value: Value) {
        // Scheduled before the lock: scheduling reads the clock (the user's
        // `now`) and takes the timer heap's lock, neither under this one.
        let scheduled = delayed.scheduleAction(with: value)
        let replaced = pending.withLock { pending -> CancellationToken? in
            let old = pending
            pending = scheduled
            return old
        }
        // Cancelling releases the previous value outside the lock.
        replaced?.cancel()
    }

    /// Drops the pending value, if any: the action is not called for it,
    /// including a value whose quiet time has passed and that waits for the
    /// action's actor.
    ///
    /// - Returns: Whether a call was pending.
    @discardableResult
    public func cancel() -> Bool {
        let token = pending.withLock { pending -> CancellationToken? in
            let token = pending
            pending = nil
            return token
        }
        let prevented = token?.cancel() ?? false
        let dropped = delayed.dropWaiting()
        return prevented || dropped
    }
}

extension Debouncer where Value == Void {
    /// Sends a call that carries no value: restarts the quiet interval.
    ///
    /// ```swift
    /// let save = try Debouncer<Void>(for: .seconds(1), on: .main) { document.save() }
    /// save.send()
    /// ```
    public func send() {
        send(())
    }
}
