/// Calls an action at most once per interval: what a resize or scroll handler
/// needs.
///
/// ```swift
/// let layout = try Throttler<Size>(for: .milliseconds(100), on: .main) { size in
///     relayout(for: size)
/// }
/// // Called for every resize event; relayout runs at most every 100 ms.
/// layout.send(newSize)
/// ```
///
/// The first value after a quiet period runs the action at once (the leading
/// edge) and opens a window of `interval`. Values sent inside the window are
/// not lost: one of them runs when the window closes (the trailing edge),
/// which opens the next window, and a window with no new value closes the
/// burst. Which one, `latest` decides, as in Combine's
/// `throttle(for:scheduler:latest:)` and swift-async-algorithms'
/// `throttle(for:clock:latest:)`: with `latest: true` (the default, as in
/// swift-async-algorithms) the last value sent in the window, so the action
/// sees the first and the last value of every burst; with `latest: false` the
/// first value sent in the window, so a burst's later values wait for the next
/// window's first. Either way the action never runs twice within `interval`.
///
/// With ``DelayExecutor/inline`` the leading-edge call is handed over
/// synchronously inside ``send(_:isolation:)``; other executors receive it
/// asynchronously. The action then runs where the code that created the
/// throttler lives (see the Isolation article): created in nonisolated code,
/// where the executor hands it over; created on an actor, on that actor,
/// synchronously when the hand-over happens on it (``DelayExecutor/inline``
/// with `send` called on the actor, or ``DelayExecutor/main`` for the main
/// actor), and enqueued to the actor otherwise. Releasing
/// the throttler, or ``cancel()``, drops a pending trailing value.
///
/// ## Under concurrent use
///
/// Values may be sent, and the throttler cancelled, from any thread at once.
/// Each change of state is one step under the throttler's lock: a send either
/// waits in the open window or opens a window, and a window's end either
/// runs the waiting value (opening the next window) or closes the burst.
/// Every window carries an identity, so a step that arrives late (the token
/// of a window's end stored after that end fired, an end that fires after
/// ``cancel()``) changes nothing. So: the action never runs twice within
/// `interval`; an open window always has an end; after the last send of a
/// burst, the burst ends within two intervals; and no value, action or token
/// is released or called with the lock held.
public final class Throttler<Value: Sendable>: Sendable {
    // `send(_:)` is inlinable, so that it is specialised for the caller's
    // `Value`: unspecialised, generic value handling is most of what a send
    // inside an open window costs. The state's exclusivity check is left to its lock (see `Locked`). What
    // `send(_:)` touches is therefore `@usableFromInline`.
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var windowOpen = false
        @usableFromInline var pending: Value?
        /// The token that ends the open window, once its opener stored it.
        @usableFromInline var window: CancellationToken?
        /// The identity of the open window (or of the last one): every
        /// transition that opens a window or cancels bumps it, so that a
        /// late step of an older window (storing its token, its end firing)
        /// recognises itself as stale and changes nothing.
        @usableFromInline var epoch: UInt = 0

        @usableFromInline
        init() {}
    }

    @usableFromInline let keepsLatest: Bool
    private let executor: DelayExecutor
    private let delayed: DelayedAction<Value>
    @usableFromInline let state = Locked(State())

    /// Creates a throttler on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between two calls of the action. It
    ///     must be from 1 nanosecond to 9.2e9 seconds.
    ///   - scheduler: The scheduler, and so the clock, to use.
    ///   - executor: What hands the action over (see ``DelayExecutor``).
    ///   - latest: Which value sent inside a window runs at its end: the last
    ///     (`true`, the default) or the first (`false`).
    ///   - action: Called with the first value of a burst, then with one value
    ///     at most once per interval.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public init<C>(
        for interval: Duration,
        scheduler: DelayScheduler<C>,
        on executor: DelayExecutor,
        latest: Bool = true,
        @_inheritActorContext action: @escaping @isolated(any) @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        delayed = try DelayedAction(interval: interval, scheduler: scheduler, executor: executor, action: action)
        self.keepsLatest = latest
        self.executor = executor
    }

    /// Creates a throttler on ``DelayScheduler/shared``.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between two calls. It must be from 1 nanosecond to 9.2e9 seconds.
    ///   - executor: What hands the action over (see ``DelayExecutor``).
    ///   - latest: Which value sent inside a window runs at its end: the last
    ///     (`true`, the default) or the first (`false`).
    ///   - action: Called with the values that get through.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public convenience init(
        for interval: Duration,
        on executor: DelayExecutor,
        latest: Bool = true,
        @_inheritActorContext action: @escaping @isolated(any) @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        try self.init(
            for: interval, scheduler: .shared, on: executor, latest: latest, action: action)
    }

    deinit {
        // The window's closure holds the state, and the state holds the
        // window's token: cancel to break that cycle.
        state.withLock { $0.window }?.cancel()
        // Values waiting for the action's actor go with the throttler.
        delayed.end()
    }

    /// Sends a value: runs the action now if no window is open, otherwise
    /// keeps the value for the end of the window (replacing an earlier one
    /// when the throttler keeps the latest, not otherwise).
    ///
    /// - Parameters:
    ///   - value: The newest value.
    ///   - isolation: The caller's actor, which Swift passes for you: closures
    ///     registered from the same actor run at once (see the Isolation article).
    @inlinable
    public func send(_ value: Value, isolation: isolated (any Actor)? = #isolation) {
        let keepsLatest = self.keepsLatest
        // One transition: either the value waits in the open window, or it
        // opens a new window, whose identity the window's end carries.
        // The epoch of the window this send opened, or 0 (epochs start at 1).
        let (opened, replaced) = state.withLock { state -> (UInt, Value?) in
            if state.windowOpen {
                guard keepsLatest || state.pending == nil else { return (0, nil) }
                let replaced = state.pending
                state.pending = value
                return (0, replaced)
            }
            state.windowOpen = true
            state.epoch = state.epoch == .max ? 1 : state.epoch + 1
            return (state.epoch, nil)
        }
        // The value replaced is released here, with no lock held.
        _ = replaced
        guard opened != 0 else { return }
        openWindow(opened)
        runLeadingEdge(value, from: isolation)
    }

    /// Runs the action for the value that opened a window.
    @usableFromInline
    func runLeadingEdge(_ value: Value, from isolation: (any Actor)?) {
        let action = delayed.action
        SenderIsolation.during(isolation) { executor.execute { action(value) } }
    }

    /// Schedules the end of the window `epoch`, with no lock held
    /// (scheduling reads the clock, which may be the user's), and keeps its
    /// token.
    @usableFromInline
    func openWindow(_ epoch: UInt) {
        Throttler.keep(scheduleWindowEnd(epoch), for: epoch, in: state)
    }

    #if DEBUG
    /// For tests (debug builds): ``keep(_:for:in:)`` a token made elsewhere.
    func openWindowForTesting(_ window: CancellationToken, epoch: UInt) {
        Throttler.keep(window, for: epoch, in: state)
    }
    #endif

    /// Stores `window`, the token that ends the window `epoch`, unless that
    /// window has ended meanwhile (its end fired first, or ``cancel()``
    /// ran): the token is then stale and is released, after the lock.
    private static func keep(_ window: CancellationToken, for epoch: UInt, in state: Locked<State>) {
        let stale = state.withLock { state -> CancellationToken? in
            guard state.windowOpen, state.epoch == epoch, state.window == nil else { return window }
            state.window = window
            return nil
        }
        _ = stale
    }

    /// Drops a pending trailing value, and any value that waits for the
    /// action's actor, and closes the window: the next value runs at once.
    ///
    /// - Returns: Whether a value was dropped.
    @discardableResult
    public func cancel() -> Bool {
        let (token, dropped) = state.withLock { state -> (CancellationToken?, Value?) in
            let token = state.window
            let dropped = state.pending
            state.window = nil
            state.pending = nil
            // A window end or a token store still on its way finds the
            // window closed (or another epoch open) and changes nothing.
            state.windowOpen = false
            return (token, dropped)
        }
        token?.cancel()
        // A trailing value that waits for the action's actor goes too.
        let waited = delayed.dropWaiting()
        // The dropped value is released here, with no lock held.
        return dropped != nil || waited
    }

    /// Schedules the end of the window `epoch`.
    func scheduleWindowEnd(_ epoch: UInt) -> CancellationToken {
        let state = self.state
        let delayed = self.delayed
        return delayed.afterInterval { Throttler.windowEnded(epoch, state: state, delayed: delayed) }
    }

    /// The end of the window `epoch`: one transition. A stale end (its
    /// window was cancelled, or has ended already) changes nothing. With a
    /// value waiting, the value runs and opens the next window, whose own
    /// epoch its end carries; with none, the burst is over.
    private static func windowEnded(_ epoch: UInt, state: Locked<State>, delayed: DelayedAction<Value>) {
        let (value, next, finished) = state.withLock { current -> (Value?, UInt?, CancellationToken?) in
            guard current.windowOpen, current.epoch == epoch else { return (nil, nil, nil) }
            let finished = current.window
            current.window = nil
            guard let value = current.pending else {
                current.windowOpen = false
                return (nil, nil, finished)
            }
            current.pending = nil
            current.epoch = current.epoch == .max ? 1 : current.epoch + 1
            return (value, current.epoch, finished)
        }
        // The token of the window that just ended is released here, outside
        // the lock (it prevents nothing any more).
        _ = finished
        guard let value, let next else { return }
        // The next window, scheduled with no lock held.
        keep(
            delayed.afterInterval { windowEnded(next, state: state, delayed: delayed) },
            for: next, in: state)
        delayed.action(value)
    }
}

extension Throttler where Value == Void {
    /// Sends a call that carries no value: runs the action now or at the end of the window.
    ///
    /// ```swift
    /// let save = try Throttler<Void>(for: .seconds(1), on: .main) { document.save() }
    /// save.send()
    /// ```
    public func send() {
        send(())
    }
}
