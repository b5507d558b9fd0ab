/// Calls an action at most once per interval, with the latest value: what a
/// resize or scroll handler needs.
///
/// ```swift
/// let layout = try Throttler<Size>(every: .milliseconds(100), on: .main) { size in
///     relayout(for: size)
/// }
/// // Called for every resize event; relayout runs at most every 100 ms.
/// layout.send(newSize)
/// ```
///
/// The first value after a quiet period runs the action at once (the leading
/// edge) and opens a window of `interval`. Values sent inside the window are
/// not lost: the last of them runs when the window closes (the trailing edge),
/// which opens the next window. A window with no new value closes the burst.
/// So the action sees the first and the last value of every burst, and never
/// runs twice within `interval`.
///
/// With ``DelayExecutor/inline`` the leading-edge call runs synchronously
/// inside ``send(_:)``; other executors receive it asynchronously. Releasing
/// the throttler, or ``cancel()``, drops a pending trailing value.
public final class Throttler<Value: Sendable>: Sendable {
    private struct State {
        var windowOpen = false
        var latest: Value?
        var window: CancellationToken?
    }

    private let interval: Duration
    private let executor: DelayExecutor
    private let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> CancellationToken
    private let action: @Sendable (Value) -> Void
    private let state = Locked(State())

    /// Creates a throttler on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between two calls of the action. It
    ///     must be positive.
    ///   - scheduler: The scheduler, and so the clock, to use.
    ///   - executor: Where the action runs.
    ///   - action: Called with the first value of a burst, then with the
    ///     latest value at most once per interval.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public init<C>(
        every interval: Duration,
        scheduler: DelayScheduler<C>,
        on executor: DelayExecutor,
        action: @escaping @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        try DelayIntervalError.validate(interval)
        self.interval = interval
        self.executor = executor
        self.action = action
        schedule = { delay, body in scheduler.schedule(after: delay, on: executor, body) }
    }

    /// Creates a throttler on ``DelayScheduler/shared``.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between two calls. It must be from 1 nanosecond to 9.2e9 seconds.
    ///   - executor: Where the action runs.
    ///   - action: Called with the values that get through.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public convenience init(
        every interval: Duration,
        on executor: DelayExecutor,
        action: @escaping @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        try self.init(every: interval, scheduler: .shared, on: executor, action: action)
    }

    deinit {
        // The window's closure holds the state, and the state holds the
        // window's token: cancel to break that cycle.
        state.withLock { $0.window }?.cancel()
    }

    /// Sends a value: runs the action now if no window is open, otherwise
    /// keeps the value for the end of the window (replacing an earlier one).
    ///
    /// - Parameter value: The newest value.
    public func send(_ value: Value) {
        let runNow = state.withLock { state -> Bool in
            if state.windowOpen {
                state.latest = value
                return false
            }
            state.windowOpen = true
            state.window = scheduleWindowEnd()
            return true
        }
        if runNow {
            let action = self.action
            executor.execute { action(value) }
        }
    }

    /// Drops a pending trailing value and closes the window: the next value
    /// runs at once.
    ///
    /// - Returns: Whether a trailing value was dropped.
    @discardableResult
    public func cancel() -> Bool {
        let (token, dropped) = state.withLock { state -> (CancellationToken?, Value?) in
            let token = state.window
            let dropped = state.latest
            state = State()
            return (token, dropped)
        }
        token?.cancel()
        return dropped != nil
    }

    /// Schedules the end of the current window; the caller holds the lock.
    private func scheduleWindowEnd() -> CancellationToken {
        let state = self.state
        let action = self.action
        let interval = self.interval
        let schedule = self.schedule
        return schedule(interval) {
            Throttler.windowEnded(state: state, action: action, interval: interval, schedule: schedule)
        }
    }

    /// At the end of a window: runs the latest value, if any, and opens the
    /// next window; otherwise closes the burst. Runs on the executor.
    private static func windowEnded(
        state: Locked<State>,
        action: @escaping @Sendable (Value) -> Void,
        interval: Duration,
        schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> CancellationToken
    ) {
        let (value, finished) = state.withLock { current -> (Value?, CancellationToken?) in
            let finished = current.window
            guard let value = current.latest else {
                current.windowOpen = false
                current.window = nil
                return (nil, finished)
            }
            current.latest = nil
            current.window = schedule(interval) {
                windowEnded(state: state, action: action, interval: interval, schedule: schedule)
            }
            return (value, finished)
        }
        // The token of the window that just ended is released here, outside
        // the lock (it prevents nothing any more).
        _ = finished
        if let value { action(value) }
    }
}

extension Throttler where Value == Void {
    /// Sends a call that carries no value: runs the action now or at the end of the window.
    ///
    /// ```swift
    /// let save = try Throttler<Void>(every: .seconds(1), on: .main) { document.save() }
    /// save.send()
    /// ```
    public func send() {
        send(())
    }
}
