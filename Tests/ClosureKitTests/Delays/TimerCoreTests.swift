import Testing

@testable import ClosureKit

@Suite("Timer core")
struct TimerCoreTests {
    @Test("a cancelled delay leaves the heap at once")
    func cancelledLeaveAtOnce() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let counter = DelaysCounter()
        var tokens: [CancellationToken] = []
        for index in 0..<1_000 {
            tokens.append(scheduler.schedule(after: .milliseconds(Int64(index)), on: .inline) { counter.increment() })
        }
        for token in tokens.prefix(800) { token.cancel() }
        #expect(clock.core.lock.withLock { clock.core.pendingCountLocked } == 200)
        for token in tokens.suffix(200) { token.cancel() }
        #expect(clock.core.lock.withLock { clock.core.pendingCountLocked } == 0)
        clock.advance(by: .seconds(2))
        #expect(counter.value == 0)
    }

    @Test("delays cancelled all over the heap never run, and the others still fire in deadline order")
    func cancelledLeaveHeap() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let order = DelaysLog<Int>()
        var tokens: [CancellationToken] = []
        // Deadlines in a scrambled order, so that entries sit all over the heap.
        let deadlines = (0..<1_000).map { ($0 * 7_919) % 1_000 }
        for deadline in deadlines {
            tokens.append(
                scheduler.schedule(after: .milliseconds(Int64(deadline)), on: .inline) {
                    order.append(deadline)
                })
        }
        // Cancel every delay whose deadline is not a multiple of 5, from the
        // middle of the heap as much as from its top.
        for (token, deadline) in zip(tokens, deadlines) where deadline % 5 != 0 { token.cancel() }
        #expect(clock.pendingCount == 200)
        clock.advance(by: .seconds(2))
        #expect(order.elements == Array(stride(from: 0, to: 1_000, by: 5)))
        #expect(clock.pendingCount == 0)
    }

    @Test("releasing a pending delay's token cancels it and releases its closure at once")
    func releasedTokenLeavesHeap() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let counter = DelaysCounter()
        weak var weakProbe: DelaysProbe?
        var kept: [CancellationToken] = []
        do {
            let probe = DelaysProbe()
            weakProbe = probe
            for index in 0..<100 {
                let token = scheduler.schedule(after: .milliseconds(Int64(index)), on: .inline) { [probe] in
                    _ = probe
                    counter.increment()
                }
                if index % 2 == 0 { kept.append(token) }
            }
            #expect(clock.pendingCount == 50)
        }
        // The 50 kept delays still hold the probe; the released ones do not.
        #expect(weakProbe != nil)
        kept.removeAll()
        #expect(clock.pendingCount == 0)
        #expect(weakProbe == nil)
        clock.advance(by: .seconds(1))
        #expect(counter.value == 0)
    }

    @Test("a cancelled delay's record is released once its token is gone")
    func recordReleased() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        weak var weakRecord: DelayRecord?
        do {
            let record = DelayRecord(core: clock.core, target: nil) {}
            weakRecord = record
            scheduler.insert(record, at: 1_000)
            record.cancel()
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
        let ran = TestEvent()
        var token: CancellationToken?
        do {
            let scheduler = DelayScheduler(clock: SuspendingClock())
            token = scheduler.schedule(after: .milliseconds(2), on: .inline) { ran.signal() }
        }
        #expect(await ran.wait())
        #expect(ran.count == 1)
        #expect(token?.cancel() == false)
    }

    @Test("a released scheduler keeps a repeating delay ticking until it is cancelled")
    func releasedSchedulerRepeats() async throws {
        let ticks = TestEvent()
        let token: CancellationToken
        do {
            let scheduler = DelayScheduler(clock: SuspendingClock())
            token = try scheduler.scheduleRepeating(every: .milliseconds(1), on: .queue(.global())) {
                ticks.signal()
            }
        }
        #expect(await ticks.wait(count: 5))
        #expect(token.cancel())
    }

    @Test("a scheduler on a custom clock reads time through that clock")
    func customClock() async {
        let ran = TestEvent()
        let scheduler = DelayScheduler(clock: OffsetClock())
        let token = scheduler.schedule(at: scheduler.clock.now.advanced(by: .milliseconds(2)), on: .inline) {
            ran.signal()
        }
        #expect(await ran.wait())
        #expect(ran.count == 1)
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
