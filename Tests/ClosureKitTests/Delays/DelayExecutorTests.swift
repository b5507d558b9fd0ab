import Dispatch
import Testing

@testable import ClosureKit

@Suite("DelayExecutor")
struct DelayExecutorTests {
    @Test("inline runs on the thread that advances a manual clock, before advance returns")
    func inlineRunsSynchronously() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "advancer")
        queue.setSpecific(key: key, value: 1)
        let seen = DelaysLog<Int?>()
        let token = scheduler.schedule(after: .seconds(1), on: .inline) {
            seen.append(DispatchQueue.getSpecific(key: key))
        }
        queue.sync { clock.advance(by: .seconds(1)) }
        #expect(seen.elements == [1])
        withExtendedLifetime(token) {}
    }

    @Test("delays due together on one queue run there in deadline order")
    func batchOrderOnQueue() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let queue = DispatchQueue(label: "serial")
        let log = DelaysLog<Int>()
        var tokens: [CancellationToken] = []
        for index in 0..<100 {
            tokens.append(
                scheduler.schedule(after: .milliseconds(Int64(100 - index)), on: .queue(queue)) {
                    log.append(index)
                })
        }
        clock.advance(by: .seconds(1))
        queue.sync {}
        #expect(log.elements == Array((0..<100).reversed()))
        withExtendedLifetime(tokens) {}
    }

    @Test("main runs the closure on the main queue, not on the thread that advances the clock")
    func mainQueue() async {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let seen = DelaysLog<Bool>()
        let ran = TestEvent()
        let token = scheduler.schedule(after: .seconds(1), on: .main) {
            seen.append(MainActor.assumeIsolated { true })
            ran.signal()
        }
        // Advanced from a background queue: the closure still runs on main.
        DispatchQueue.global().sync { clock.advance(by: .seconds(1)) }
        #expect(await ran.wait())
        #expect(seen.elements == [true])
        withExtendedLifetime(token) {}
    }
}
