extension DelayScheduler {
    /// Runs `body` on `executor` every `interval`, on a drift-free schedule.
    ///
    /// ```swift
    /// let ticker = try scheduler.scheduleRepeating(every: .seconds(1), on: .main) {
    ///     clockLabel.refresh()
    /// }
    /// ```
    ///
    /// Tick *k* falls due at `start + k × interval`, where `start` is the
    /// first deadline: each deadline is computed from the start, never from
    /// the moment the previous tick ran, so lateness never accumulates. The
    /// next tick is scheduled after the closure returns, so runs of one
    /// repeating delay never overlap; ticks whose deadline passed while the
    /// closure ran late are skipped rather than run in a burst. With a
    /// ``ManualClock``, every tick inside an advance runs, each seeing
    /// `clock.now` equal to its own deadline.
    ///
    /// Cancelling stops the ticks; cancelling from inside the closure takes
    /// effect at once.
    ///
    /// - Parameters:
    ///   - interval: The period. It must be from 1 nanosecond to 9.2e9 seconds.
    ///   - delay: When the first tick falls due; `nil` (the default) means
    ///     after one `interval`.
    ///   - executor: What hands the closure over (see ``DelayExecutor``).
    ///   - body: The closure, run once per tick.
    /// - Returns: The token that stops the ticks.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public func scheduleRepeating(
        every interval: Duration,
        startingAfter delay: Duration? = nil,
        on executor: DelayExecutor,
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable () -> Void
    ) throws(DelayIntervalError) -> CancellationToken {
        try DelayIntervalError.validate(interval)
        let (body, delivery) = ActorDelivery.make(body)
        let origin = nowTicks()
        let record = RepeatingDelayRecord(
            core: core, target: executor.target, origin: origin, first: delay ?? interval,
            interval: interval, action: body)
        insert(record, at: record.deadline(ofTick: 0))
        return ActorDelivery.token(record, ending: delivery)
    }

    /// Runs `body` on `executor` every `seconds` seconds, on a drift-free
    /// schedule.
    ///
    /// The entry point for intervals that come from configuration or
    /// arithmetic, where NaN and infinity can appear. Otherwise identical to
    /// ``scheduleRepeating(every:startingAfter:on:_:)``.
    ///
    /// ```swift
    /// let token = try scheduler.scheduleRepeating(everySeconds: settings.refreshInterval, on: .main) {
    ///     reload()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The period in seconds, rounded to whole nanoseconds.
    ///   - executor: What hands the closure over (see ``DelayExecutor``).
    ///   - body: The closure, run once per tick.
    /// - Returns: The token that stops the ticks.
    /// - Throws: ``DelayIntervalError`` naming the value and the rule it
    ///   breaks if it is not a finite number of seconds from 1e-9 to 9.2e9.
    public func scheduleRepeating(
        everySeconds seconds: Double,
        on executor: DelayExecutor,
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable () -> Void
    ) throws(DelayIntervalError) -> CancellationToken {
        let interval = try DelayIntervalError.validate(seconds: seconds)
        return try scheduleRepeating(every: interval, on: executor, body)
    }
}
