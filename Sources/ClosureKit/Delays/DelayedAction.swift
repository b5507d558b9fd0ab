/// What a ``Debouncer`` and a ``Throttler`` are built on: a checked
/// interval, a scheduler bound to an executor, and the action with the
/// delivery to its actor.
///
/// Made once, in each type's designated initializer, so that both check the
/// interval, schedule and reach the action's actor the same way.
struct DelayedAction<Value: Sendable>: Sendable {
    /// The interval, as the caller gave it (checked).
    let interval: Duration
    /// Schedules a closure on the scheduler and executor given at creation.
    private let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> CancellationToken
    /// The action, wrapped to run on its actor when it was created on one.
    let action: @Sendable (Value) -> Void
    /// The action's actor, when it was created on one (see ``ActorDelivery``).
    let delivery: ActorDelivery<Value>?

    /// Checks `interval` and binds `action` to the actor it was written on.
    ///
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    init<C>(
        interval: Duration,
        scheduler: DelayScheduler<C>,
        executor: DelayExecutor,
        action: @escaping @isolated(any) @Sendable (Value) -> Void
    ) throws(DelayIntervalError) {
        try DelayIntervalError.validate(interval)
        self.interval = interval
        (self.action, self.delivery) = ActorDelivery.make(action)
        schedule = { delay, body in scheduler.schedule(after: delay, on: executor, body) }
    }

    /// Schedules `body`, `interval` from now, on the executor.
    func afterInterval(_ body: @escaping @Sendable () -> Void) -> CancellationToken {
        schedule(interval, body)
    }

    /// Schedules one call of the action with `value`, `interval` from now.
    func scheduleAction(with value: Value) -> CancellationToken {
        let action = self.action
        return schedule(interval) { action(value) }
    }

    /// Drops the values that wait for the action's actor, and keeps the
    /// action: for the owner's `cancel()`.
    ///
    /// - Returns: Whether a value was waiting.
    func dropWaiting() -> Bool {
        delivery?.dropWaiting() ?? false
    }

    /// Ends the delivery to the action's actor: for the owner's `deinit`.
    func end() {
        delivery?.cancel()
    }
}
