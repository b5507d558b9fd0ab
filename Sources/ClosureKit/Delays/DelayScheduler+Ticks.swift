extension DelayScheduler {
    /// The ticks of a repeating schedule, each as the clock's instant when it
    /// fell due, as an asynchronous sequence.
    ///
    /// ```swift
    /// for await instant in try scheduler.ticks(every: .seconds(1)) {
    ///     print("tick at", instant)
    /// }
    /// ```
    ///
    /// The ticks follow `scheduleRepeating(every:startingAfter:on:_:)`'s
    /// drift-free schedule: tick *k* falls due at `start + k × interval`.
    /// With a ``ManualClock``, each advance yields every tick inside it, each
    /// with its own deadline, and no real time passes:
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let ticks = try DelayScheduler(clock: clock).ticks(every: .seconds(1), buffering: .unbounded)
    /// clock.advance(by: .seconds(3))   // three ticks, at 1 s, 2 s and 3 s
    /// ```
    ///
    /// By default only the newest tick waits for a slow consumer (the
    /// buffering is ``EventBuffering/newest(_:)`` with 1): like the closure
    /// form, the sequence skips the ticks a late consumer missed instead of
    /// delivering them in a burst. The schedule stops when the iterating task
    /// is cancelled or the sequence is dropped; it has no other end. See
    /// ``EventSequence``.
    ///
    /// - Parameters:
    ///   - interval: The period. It must be from 1 nanosecond to 9.2e9 seconds.
    ///   - delay: When the first tick falls due; `nil` (the default) means
    ///     after one `interval`.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     the newest tick unless given.
    /// - Returns: One element per tick.
    /// - Throws: ``DelayIntervalError`` naming the interval and the rule it
    ///   breaks if it is not from 1 nanosecond to 9.2e9 seconds.
    public func ticks(
        every interval: Duration,
        startingAfter delay: Duration? = nil,
        buffering: EventBuffering = .newest(1)
    ) throws(DelayIntervalError) -> EventSequence<C.Instant> {
        try DelayIntervalError.validate(interval)
        let clock = self.clock
        return EventSequence(buffering: buffering) { feed in
            // Validated above: the schedule cannot throw.
            (try? scheduleRepeating(every: interval, startingAfter: delay, on: .inline) { feed.yield(clock.now) })
                ?? .inert()
        }
    }
}
