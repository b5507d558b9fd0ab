/// A clock that moves only when told to: the clock for tests of anything that
/// waits.
///
/// ```swift
/// let clock = ManualClock()
/// let scheduler = DelayScheduler(clock: clock)
/// let token = scheduler.schedule(after: .seconds(2), on: .inline) { print("fired") }
/// clock.advance(by: .seconds(1))   // nothing yet
/// clock.advance(by: .seconds(1))   // prints "fired" before returning
/// ```
///
/// ``advance(by:isolation:)`` moves time forward and, before it returns, runs every
/// delay that falls due within the advance, synchronously on the calling
/// thread for ``DelayExecutor/inline`` delays (a delay scheduled from an actor
/// runs so when `advance` is called on that actor, and is enqueued to the
/// actor otherwise):
///
/// - in deadline order, and delays with equal deadlines in the order they were
///   scheduled;
/// - while a closure runs, ``now`` reads exactly that closure's deadline;
/// - a delay scheduled during the advance (by a closure that runs in it) also
///   runs in it if it falls due before the advance's target;
/// - at the end, ``now`` is the target.
///
/// Delays whose executor is a queue or a Swift executor are submitted to it in
/// the same order, but run asynchronously there; use ``DelayExecutor/inline``
/// where a test needs everything done when `advance` returns. Tasks suspended
/// in ``sleep(until:tolerance:)`` are resumed in order too, and continue
/// asynchronously.
///
/// Time has nanosecond resolution and starts at ``Instant/zero``. All
/// schedulers created with the same clock share one heap of pending delays.
/// The clock is thread-safe; advancing it from two threads at once interleaves
/// the two advances deterministically only in the sense that each due delay
/// runs once.
public final class ManualClock: Clock, Sendable {
    let core = ManualTimerCore()

    /// Creates a clock at ``Instant/zero`` with nothing pending.
    public init() {}

    /// The current time: the last advance's target, or, while a closure runs
    /// inside an advance, that closure's deadline.
    public var now: Instant {
        Instant(offset: .nanoseconds(core.currentTicks()))
    }

    /// One nanosecond: deadlines are kept in whole nanoseconds.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The number of delays waiting for a future advance.
    public var pendingCount: Int {
        core.lock.withLock { core.pendingCountLocked }
    }

    /// Moves time forward by `duration`, running every delay that falls due
    /// within it before returning.
    ///
    /// See the type's discussion for the order and for delays scheduled during
    /// the advance. `advance(by: .zero)` runs what is already due.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which Swift passes for you: closures
    ///     registered from the same actor run at once (see the Isolation article).
    ///   - duration: How far to move. Traps if negative: a manual
    ///   clock never goes back.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) {
        precondition(
            duration >= .zero,
            "ManualClock.advance(by:) needs a non-negative duration, got \(duration): a clock never goes back; make a "
                + "new ManualClock to start over"
        )
        let target = core.lock.withLock { () -> Int64 in
            let (sum, overflow) = core.nowLocked.addingReportingOverflow(duration.saturatingNanoseconds)
            return overflow ? .max : sum
        }
        SenderIsolation.during(isolation) { core.advance(toTicks: target) }
    }

    /// Moves time forward to `deadline`, running every delay due by then.
    ///
    /// A deadline at or before ``now`` runs what is already due and leaves the
    /// time unchanged.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which Swift passes for you: closures
    ///     registered from the same actor run at once (see the Isolation article).
    ///   - deadline: The instant to move to.
    public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) {
        SenderIsolation.during(isolation) { core.advance(toTicks: deadline.offset.saturatingNanoseconds) }
    }

    /// Suspends the current task until the clock has been advanced to
    /// `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: When to resume.
    ///   - tolerance: Ignored: a manual clock is exact.
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await core.sleep(untilTicks: deadline.offset.saturatingNanoseconds)
    }
}

/// The heap of a ``ManualClock``: time is a number that only `advance` moves.
final class ManualTimerCore: TimerCore, @unchecked Sendable {
    /// Guarded by the lock.
    private var now: Int64 = 0

    override func currentTicks() -> Int64 { lock.withLock { now } }

    /// The time, for a caller that holds the lock.
    var nowLocked: Int64 { now }

    /// Runs due delays one at a time, so that each sees `now` at its own
    /// deadline and delays scheduled meanwhile take their place in the order.
    func advance(toTicks target: Int64) {
        var fired: [DelayRecord] = []
        fired.reserveCapacity(1)
        while true {
            let more = lock.withLock { () -> Bool in
                guard let earliest = earliestDeadlineLocked, earliest <= target else {
                    if target > now { now = target }
                    return false
                }
                if earliest > now { now = earliest }
                _ = collectDueLocked(now: now, limit: 1, into: &fired)
                return true
            }
            guard more else { return }
            TimerCore.run(fired)
            fired.removeAll(keepingCapacity: true)
        }
    }
}
