import Testing
@testable import ClosureKit

@Suite("Timer core")
struct TimerCoreTests {
    @Test("cancelled entries are dropped as soon as they outnumber live ones")
    func tombstonesDropped() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let counter = DelaysCounter()
        var tokens: [CancellationToken] = []
        for index in 0..<1_000 {
            tokens.append(scheduler.schedule(after: .milliseconds(Int64(index)), on: .inline) { counter.increment() })
        }
        for token in tokens.prefix(800) { token.cancel() }
        let entries = clock.core.lock.withLock { clock.core.entryCountLocked }
        #expect(clock.pendingCount == 200)
        #expect(entries <= 400, "at most as many tombstones as live entries remain")
        for token in tokens.suffix(200) { token.cancel() }
        #expect(clock.core.lock.withLock { clock.core.entryCountLocked } == 0)
        clock.advance(by: .seconds(2))
        #expect(counter.value == 0)
    }

    @Test("a cancelled delay's record is released once its token and its tombstone are gone")
    func recordReleased() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        weak var weakRecord: DelayRecord?
        do {
            let record = DelayRecord(core: clock.core, target: nil) {}
            weakRecord = record
            let token = scheduler.insert(record, at: 1_000)
            token.cancel()
        }
        #expect(weakRecord == nil)
    }

    @Test("durations convert to whole nanoseconds, truncating and saturating")
    func nanoseconds() {
        #expect(Duration.seconds(3).saturatingNanoseconds == 3_000_000_000)
        #expect(Duration.milliseconds(-1500).saturatingNanoseconds == -1_500_000_000)
        #expect((Duration.nanoseconds(1) / 3).saturatingNanoseconds == 0)
        #expect((Duration.nanoseconds(-7) / 2).saturatingNanoseconds == -3)
        #expect(Duration.seconds(Int64.max).saturatingNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).saturatingNanoseconds == .min)
        #expect(Duration.seconds(9_000_000_000).saturatingNanoseconds == 9_000_000_000_000_000_000)
        #expect(Duration.seconds(10_000_000_000).saturatingNanoseconds == .max)
        #expect((Duration.seconds(1) / 3).saturatingNanoseconds == 333_333_333)
    }

    @Test("a released scheduler on a real clock still runs its pending delays")
    func releasedSchedulerRuns() async {
        let counter = DelaysCounter()
        var token: CancellationToken?
        do {
            let scheduler = DelayScheduler(clock: SuspendingClock())
            token = scheduler.schedule(after: .milliseconds(2), on: .inline) { counter.increment() }
        }
        #expect(await delaysWait { counter.value == 1 })
        #expect(token?.cancel() == false)
    }

    @Test("a released scheduler keeps a repeating delay ticking until it is cancelled")
    func releasedSchedulerRepeats() async throws {
        let counter = DelaysCounter()
        let token: CancellationToken
        do {
            let scheduler = DelayScheduler(clock: SuspendingClock())
            token = try scheduler.scheduleRepeating(every: .milliseconds(1), on: .queue(.global())) {
                counter.increment()
            }
        }
        #expect(await delaysWait { counter.value >= 5 })
        #expect(token.cancel())
    }

    @Test("a scheduler on a custom clock reads time through that clock")
    func customClock() async {
        let counter = DelaysCounter()
        let scheduler = DelayScheduler(clock: OffsetClock())
        let token = scheduler.schedule(at: scheduler.clock.now.advanced(by: .milliseconds(2)), on: .inline) {
            counter.increment()
        }
        #expect(await delaysWait { counter.value == 1 })
        withExtendedLifetime(token) {}
    }
}

/// A clock that is not one of the standard ones: the continuous clock, seen
/// through a wrapper, so that the scheduler takes its generic path.
struct OffsetClock: Clock {
    struct Instant: InstantProtocol {
        let base: ContinuousClock.Instant
        func advanced(by duration: Duration) -> Instant { Instant(base: base.advanced(by: duration)) }
        func duration(to other: Instant) -> Duration { base.duration(to: other.base) }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.base < rhs.base }
    }

    var now: Instant { Instant(base: .now) }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await ContinuousClock().sleep(until: deadline.base, tolerance: tolerance)
    }
}
