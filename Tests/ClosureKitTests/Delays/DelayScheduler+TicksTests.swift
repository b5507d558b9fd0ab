import Testing

@testable import ClosureKit

@Suite("DelayScheduler ticks(every:)", .timeLimit(.minutes(1)))
struct DelaySchedulerTicksTests {
    let clock = ManualClock()

    @Test("each tick inside an advance is one element, at its own deadline, with no real time")
    func ticksWithManualClock() async throws {
        let ticks = try DelayScheduler(clock: clock).ticks(every: .seconds(1), buffering: .unbounded)
        var iterator = ticks.makeAsyncIterator()
        clock.advance(by: .seconds(3))
        for second in 1...3 {
            #expect(await iterator.next()?.offset == .seconds(second))
        }
        clock.advance(by: .milliseconds(1_500))
        #expect(await iterator.next()?.offset == .seconds(4))
    }

    @Test("the first tick can fall due after its own delay")
    func startingAfter() async throws {
        let ticks = try DelayScheduler(clock: clock)
            .ticks(every: .seconds(2), startingAfter: .milliseconds(500), buffering: .unbounded)
        var iterator = ticks.makeAsyncIterator()
        clock.advance(by: .seconds(3))
        #expect(await iterator.next()?.offset == .milliseconds(500))
        #expect(await iterator.next()?.offset == .milliseconds(2_500))
    }

    @Test("by default a slow consumer gets only the newest tick, not a burst")
    func defaultKeepsNewestTick() async throws {
        let ticks = try DelayScheduler(clock: clock).ticks(every: .seconds(1))
        var iterator = ticks.makeAsyncIterator()
        clock.advance(by: .seconds(10))
        #expect(await iterator.next()?.offset == .seconds(10))
        clock.advance(by: .seconds(1))
        #expect(await iterator.next()?.offset == .seconds(11))
    }

    @Test("a consumer task that waits receives each tick as the clock advances")
    func waitingConsumer() async throws {
        let ticks = try DelayScheduler(clock: clock).ticks(every: .seconds(1), buffering: .unbounded)
        let received = ReceiptSignal()
        let task = Task {
            var offsets: [Duration] = []
            for await instant in ticks {
                offsets.append(instant.offset)
                received.signal()
                if offsets.count == 3 { break }
            }
            return offsets
        }
        for _ in 1...3 {
            clock.advance(by: .seconds(1))
            await received.wait()
        }
        #expect(await task.value == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.pendingCount == 0) // leaving the loop stopped the schedule
    }

    @Test("cancelling the iterating task stops the schedule")
    func cancellation() async throws {
        let ticks = try DelayScheduler(clock: clock).ticks(every: .seconds(1))
        #expect(clock.pendingCount == 1)
        let task = Task {
            var count = 0
            for await _ in ticks { count += 1 }
            return count
        }
        task.cancel()
        #expect(await task.value == 0)
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(5))
    }

    @Test("an invalid interval throws, naming it")
    func invalidInterval() {
        #expect(throws: DelayIntervalError.self) {
            _ = try DelayScheduler(clock: clock).ticks(every: .zero)
        }
    }
}
