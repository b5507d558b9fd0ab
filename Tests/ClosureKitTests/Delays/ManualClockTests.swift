import Testing

@testable import ClosureKit

@Suite("ManualClock")
struct ManualClockTests {
    @Test("starts at zero and moves only when advanced")
    func startsAtZero() {
        let clock = ManualClock()
        #expect(clock.now == .zero)
        clock.advance(by: .seconds(3))
        #expect(clock.now == ManualClock.Instant(offset: .seconds(3)))
        clock.advance(to: ManualClock.Instant(offset: .seconds(5)))
        #expect(clock.now.offset == .seconds(5))
        // Advancing to the past leaves the time unchanged.
        clock.advance(to: .zero)
        #expect(clock.now.offset == .seconds(5))
        #expect(clock.minimumResolution == .nanoseconds(1))
    }

    @Test("orders its instants strictly: an instant is neither before nor after itself")
    func instantsOrderStrictly() {
        let clock = ManualClock()
        let start = clock.now
        let later = start.advanced(by: .microseconds(1))
        #expect(start < later)
        #expect(!(later < start))
        #expect(!(start < start))
        #expect(start <= start)
        #expect(start == clock.now)
        #expect(start.duration(to: later) == .microseconds(1))
    }

    @Test("runs due closures synchronously, in deadline order")
    func deadlineOrder() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let log = DelaysLog<String>()
        let tokens = [
            scheduler.schedule(after: .seconds(3), on: .inline) { log.append("c") },
            scheduler.schedule(after: .seconds(1), on: .inline) { log.append("a") },
            scheduler.schedule(after: .seconds(2), on: .inline) { log.append("b") },
            scheduler.schedule(after: .seconds(9), on: .inline) { log.append("late") },
        ]
        clock.advance(by: .milliseconds(999))
        #expect(log.elements.isEmpty)
        clock.advance(by: .seconds(3))
        #expect(log.elements == ["a", "b", "c"])
        #expect(clock.pendingCount == 1)
        withExtendedLifetime(tokens) {}
    }

    @Test("runs closures with equal deadlines in scheduling order")
    func tiesInSchedulingOrder() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let log = DelaysLog<Int>()
        var tokens: [CancellationToken] = []
        for index in 0..<200 {
            // Mix the equal deadlines with other ones so that the heap reorders.
            let delay: Duration = index % 3 == 0 ? .seconds(2) : .seconds(1)
            tokens.append(scheduler.schedule(after: delay, on: .inline) { log.append(index) })
        }
        clock.advance(by: .seconds(2))
        let expected = (0..<200).filter { $0 % 3 != 0 } + (0..<200).filter { $0 % 3 == 0 }
        #expect(log.elements == expected)
        withExtendedLifetime(tokens) {}
    }

    @Test("shows each closure its own deadline as now, and the target at the end")
    func nowDuringAdvance() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let seen = DelaysLog<ManualClock.Instant>()
        let tokens = [
            scheduler.schedule(after: .milliseconds(250), on: .inline) { seen.append(clock.now) },
            scheduler.schedule(after: .milliseconds(750), on: .inline) { seen.append(clock.now) },
        ]
        clock.advance(by: .seconds(1))
        #expect(seen.elements.map(\.offset) == [.milliseconds(250), .milliseconds(750)])
        #expect(clock.now.offset == .seconds(1))
        withExtendedLifetime(tokens) {}
    }

    @Test("runs a closure scheduled during an advance if it falls due within it")
    func scheduledDuringAdvance() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let log = DelaysLog<String>()
        let inner = DelaysLog<CancellationToken>()
        let outer = scheduler.schedule(after: .seconds(1), on: .inline) {
            log.append("outer at \(clock.now.offset)")
            inner.append(
                scheduler.schedule(after: .seconds(1), on: .inline) {
                    log.append("inner at \(clock.now.offset)")
                })
            inner.append(
                scheduler.schedule(after: .seconds(5), on: .inline) {
                    log.append("too late for this advance")
                })
        }
        let between = scheduler.schedule(after: .milliseconds(1500), on: .inline) { log.append("between") }
        clock.advance(by: .seconds(3))
        #expect(log.elements == ["outer at 1.0 seconds", "between", "inner at 2.0 seconds"])
        #expect(clock.pendingCount == 1)
        withExtendedLifetime((outer, between)) {}
    }

    @Test("is deterministic: the same schedule gives the same run twice")
    func deterministic() {
        func run() -> [Int] {
            let clock = ManualClock()
            let scheduler = DelayScheduler(clock: clock)
            let log = DelaysLog<Int>()
            var tokens: [CancellationToken] = []
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
            for index in 0..<500 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let delay = Duration.milliseconds(Int64(seed >> 54)) // 0..<1024 ms, many ties
                tokens.append(scheduler.schedule(after: delay, on: .inline) { log.append(index) })
                if index % 7 == 0 { tokens[index / 2].cancel() }
            }
            for _ in 0..<11 { clock.advance(by: .milliseconds(100)) }
            return log.elements
        }
        let first = run()
        #expect(first.count > 400)
        #expect(first == run())
    }

    @Test("shares one heap between the schedulers of one clock")
    func sharedHeap() {
        let clock = ManualClock()
        let first = DelayScheduler(clock: clock)
        let second = DelayScheduler(clock: clock)
        let log = DelaysLog<String>()
        let tokens = [
            first.schedule(after: .seconds(2), on: .inline) { log.append("first") },
            second.schedule(after: .seconds(1), on: .inline) { log.append("second") },
        ]
        #expect(clock.pendingCount == 2)
        #expect(first.pendingCount == 2)
        clock.advance(by: .seconds(2))
        #expect(log.elements == ["second", "first"])
        withExtendedLifetime(tokens) {}
    }

    @Test("a zero advance runs what is already due")
    func zeroAdvance() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let counter = DelaysCounter()
        let token = scheduler.schedule(after: .zero, on: .inline) { counter.increment() }
        #expect(counter.value == 0, "scheduling never runs the closure synchronously")
        clock.advance(by: .zero)
        #expect(counter.value == 1)
        withExtendedLifetime(token) {}
    }

    @Test("sleep resumes when the clock is advanced to its deadline")
    func sleepResumes() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(10)) }
        try #require(await eventually { clock.pendingCount == 1 }, "the task started sleeping")
        clock.advance(by: .seconds(9))
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        try await task.value
        #expect(clock.pendingCount == 0)
    }

    @Test("sleep throws CancellationError and removes its delay when the task is cancelled")
    func sleepCancelled() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(10)) }
        try #require(await eventually { clock.pendingCount == 1 }, "the task started sleeping")
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.pendingCount == 0)
    }
}
