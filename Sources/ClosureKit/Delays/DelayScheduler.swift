/// Runs closures after a delay or at a deadline, on one timer facility per
/// clock that scales to millions of pending delays.
///
/// ```swift
/// let token = DelayScheduler.shared.schedule(after: .seconds(2), on: .main) {
///     banner.hide()
/// }
/// // Changed your mind: the closure never runs, and is released now.
/// token.cancel()
/// ```
///
/// A scheduler reads time from a clock: ``shared`` uses `ContinuousClock`;
/// ``init(clock:)`` takes any clock that measures in `Duration`, among them
/// `SuspendingClock` and, for tests, ``ManualClock``.
///
/// ## One timer for everything
///
/// All pending delays of a clock sit in one min-heap behind one lock, served
/// by one timer thread that sleeps until the earliest deadline (a ``ManualClock``
/// runs them itself when advanced). A pending delay scheduled from
/// nonisolated code costs the library one allocation (its record, which is
/// also the token returned) besides the closure's own context, and a heap
/// slot; one scheduled from an actor adds the hand-over to that actor and
/// its token. No kernel timer is created per delay. Schedulers created for
/// the same ``ManualClock`` share its heap.
///
/// ## Tokens and cancellation
///
/// Every scheduling call returns a ``CancellationToken`` at once. Keep it as
/// long as the delay should stay pending: releasing the token cancels the
/// delay, as ``CancellationToken/cancel()`` does.
///
/// - Cancelling before the deadline means the closure never runs, and the
///   closure and everything it captured are released immediately (not at the
///   deadline). `cancel()` then returns `true`.
/// - Cancelling after the closure ran, or a second time, does nothing and
///   returns `false`.
/// - A delay is claimed under the scheduler's lock just before its closure
///   runs (after any hop to its executor). Under a race between `cancel()` on
///   one thread and the deadline on another, the closure therefore runs fully
///   or not at all, and `cancel()` returns `true` exactly when it did not run.
///   A closure that had already been claimed when `cancel()` was called may
///   still be running when `cancel()` returns.
/// - On the cancelling thread, and inside a delayed closure, cancellation
///   takes effect at once: a closure that cancels another delay due at the
///   same instant prevents it, even within one batch.
/// - No closure is ever called, or released, while the scheduler's lock is
///   held: closures may schedule and cancel delays freely.
///
/// Deadlines are kept in whole nanoseconds of the clock.
///
/// ## Lifetime
///
/// Releasing a scheduler on a real clock does not drop its pending delays:
/// its timer thread ends once they have all run or been cancelled.
///
/// - Complexity: scheduling and cancelling are O(log *n*) in the number of
///   pending delays of the clock, and O(1) for a delay scheduled after every
///   pending one and cancelled before any later one. A cancelled delay's
///   heap slot is freed at once.
public final class DelayScheduler<C: Clock>: Sendable where C.Duration == Swift.Duration {
    /// The clock the scheduler reads time from.
    public let clock: C

    let core: TimerCore
    /// Reads the clock, in ticks (nanoseconds on the core's time line).
    let nowTicks: @Sendable () -> Int64
    /// Converts an instant of the clock to ticks.
    let instantTicks: @Sendable (C.Instant) -> Int64

    /// Creates a scheduler that reads time from `clock`.
    ///
    /// For a real clock the scheduler starts its own timer facility (one
    /// thread), so create one scheduler per clock and share it (``shared`` is the one for
    /// `ContinuousClock`). For a ``ManualClock``, every scheduler shares the
    /// clock's own heap, and ``ManualClock/advance(by:isolation:)`` runs their delays in
    /// one deadline order.
    ///
    /// - Parameter clock: Any clock whose `Duration` is `Swift.Duration`.
    public init(clock: C) {
        self.clock = clock
        if let manual = clock as? ManualClock {
            let core = manual.core
            self.core = core
            nowTicks = { core.currentTicks() }
            instantTicks = { instant in
                // A manual instant is its offset from zero, which is what the
                // manual core counts.
                (instant as? ManualClock.Instant)?.offset.saturatingNanoseconds ?? 0
            }
            return
        }
        // The standard clocks read the system clock directly (see RawClock);
        // any other clock goes through its own `now` and `Duration` arithmetic.
        if C.self == ContinuousClock.self {
            // Closures rather than function references: a call then goes
            // through no reabstraction thunk.
            nowTicks = { RawClock.continuousNanoseconds() }
            instantTicks = RawClock.instantTicks(read: { RawClock.continuousNanoseconds() }, now: { clock.now })
        } else if C.self == SuspendingClock.self {
            nowTicks = { RawClock.suspendingNanoseconds() }
            instantTicks = RawClock.instantTicks(read: { RawClock.suspendingNanoseconds() }, now: { clock.now })
        } else {
            let origin = clock.now
            nowTicks = { origin.duration(to: clock.now).saturatingNanoseconds }
            instantTicks = { origin.duration(to: $0).saturatingNanoseconds }
        }
        core = ThreadTimerCore(now: nowTicks)
    }

    deinit {
        // A real clock's timer thread ends once the delays still pending have
        // run or been cancelled.
        (core as? ThreadTimerCore)?.retire()
    }

    /// Runs `body` on `executor` once `delay` has passed.
    ///
    /// ```swift
    /// let token = scheduler.schedule(after: .milliseconds(300), on: .main) {
    ///     spinner.show()
    /// }
    /// ```
    ///
    /// A zero or negative delay falls due at once: the closure runs at the
    /// scheduler's next opportunity (for a ``ManualClock``, at its next
    /// advance), never synchronously inside this call.
    ///
    /// - Parameters:
    ///   - delay: How long to wait, measured by the scheduler's clock.
    ///   - executor: What hands the closure over (see ``DelayExecutor``).
    ///   - body: The closure. It is released as soon as it has run or the
    ///     delay is cancelled.
    /// - Returns: The token that cancels the delay. Releasing it cancels too.
    public func schedule(
        after delay: Duration,
        on executor: DelayExecutor,
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable () -> Void
    ) -> CancellationToken {
        schedule(body, on: executor, atTicks: deadlineTicks(after: delay))
    }

    /// Runs `body` on `executor` at `deadline`.
    ///
    /// ```swift
    /// let token = scheduler.schedule(at: clock.now.advanced(by: .seconds(5)), on: .inline) {
    ///     session.expire()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: When the closure falls due. A deadline in the past falls
    ///     due at once.
    ///   - executor: What hands the closure over (see ``DelayExecutor``).
    ///   - body: The closure.
    /// - Returns: The token that cancels the delay. Releasing it cancels too.
    public func schedule(
        at deadline: C.Instant,
        on executor: DelayExecutor,
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable () -> Void
    ) -> CancellationToken {
        schedule(body, on: executor, atTicks: ticks(of: deadline))
    }

    /// What both `schedule` forms do, once the deadline is in ticks: a record
    /// for `body` on its actor, in the heap.
    private func schedule(
        _ body: @escaping @isolated(any) @Sendable () -> Void,
        on executor: DelayExecutor,
        atTicks deadline: Int64
    ) -> CancellationToken {
        let (handler, delivery) = ActorDelivery.make(body)
        // Consumed: the record takes the handler over without a retain of its own.
        let record = DelayRecord.make(core: core, target: executor.target, action: consume handler, delivery: delivery)
        insert(record, at: deadline)
        // The record is its own token.
        return record
    }

    /// The number of delays waiting in the heap of this scheduler's clock
    /// (shared by all schedulers of a ``ManualClock``). Delays already taken
    /// out for their executor are not counted.
    public var pendingCount: Int {
        core.lock.withLock { core.pendingCountLocked }
    }

    // MARK: - Internal

    func deadlineTicks(after delay: Duration) -> Int64 {
        let now = nowTicks()
        let (sum, overflow) = now.addingReportingOverflow(delay.saturatingNanoseconds)
        return overflow ? (delay < .zero ? .min : .max) : sum
    }

    func ticks(of instant: C.Instant) -> Int64 {
        instantTicks(instant)
    }

    /// Puts `record` in the heap; the caller returns it as the token.
    func insert(_ record: DelayRecord, at deadline: Int64) {
        let lock = core.lock
        lock.lock()
        // A bound record whose object ended in the meantime is finished.
        let changed = record.slot == DelayRecord.State.new && core.insertLocked(record, deadline: deadline)
        lock.unlock()
        if changed { core.earliestDeadlineChanged() }
    }
}

/// The scheduler behind ``DelayScheduler/shared``.
private let sharedContinuousScheduler = DelayScheduler(clock: ContinuousClock())

extension DelayScheduler where C == ContinuousClock {
    /// The process-wide scheduler on `ContinuousClock`: the one to use unless
    /// you inject a clock.
    ///
    /// ```swift
    /// let token = DelayScheduler.shared.schedule(after: .seconds(1), on: .main) { refresh() }
    /// ```
    public static var shared: DelayScheduler<ContinuousClock> {
        sharedContinuousScheduler
    }
}
