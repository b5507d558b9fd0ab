import Testing

@testable import ClosureKit

@Suite("Throttler")
struct ThrottlerTests {
    let clock = ManualClock()
    var scheduler: DelayScheduler<ManualClock> { DelayScheduler(clock: clock) }

    @Test("runs the first value at once, then the latest at most once per interval")
    func leadingAndTrailing() throws {
        let clock = self.clock
        let log = DelaysLog<String>()
        let throttler = try Throttler<Int>(every: .milliseconds(100), scheduler: scheduler, on: .inline) { value in
            log.append("\(value)@\(clock.now.offset.saturatingNanoseconds / 1_000_000)")
        }
        // A burst of 25 values, one every 10 ms.
        for value in 0..<25 {
            throttler.send(value)
            clock.advance(by: .milliseconds(10))
        }
        clock.advance(by: .seconds(1))
        #expect(log.elements == ["0@0", "9@100", "19@200", "24@300"])
    }

    @Test("a quiet period closes the window: the next value runs at once")
    func quietPeriod() throws {
        let log = DelaysLog<Int>()
        let throttler = try Throttler<Int>(every: .seconds(1), scheduler: scheduler, on: .inline) { log.append($0) }
        throttler.send(1)
        clock.advance(by: .seconds(5))
        throttler.send(2)
        #expect(log.elements == [1, 2])
        #expect(clock.pendingCount == 1, "the second value opened a window")
        clock.advance(by: .seconds(1))
        #expect(clock.pendingCount == 0, "a window with no new value closes the burst")
    }

    @Test("cancel drops the trailing value and closes the window")
    func cancelDrops() throws {
        let log = DelaysLog<Int>()
        let throttler = try Throttler<Int>(every: .seconds(1), scheduler: scheduler, on: .inline) { log.append($0) }
        throttler.send(1)
        throttler.send(2)
        #expect(throttler.cancel())
        clock.advance(by: .seconds(2))
        #expect(log.elements == [1])
        throttler.send(3)
        #expect(log.elements == [1, 3])
    }

    @Test("releasing the throttler drops the trailing value and its pending window")
    func releaseDrops() throws {
        let log = DelaysLog<Int>()
        var throttler: Throttler<Int>? = try Throttler<Int>(every: .seconds(1), scheduler: scheduler, on: .inline) {
            log.append($0)
        }
        throttler?.send(1)
        throttler?.send(2)
        throttler = nil
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(2))
        #expect(log.elements == [1])
    }

    @Test("an invalid interval throws an error naming it")
    func invalidInterval() {
        do {
            _ = try Throttler<Int>(every: .seconds(-3), scheduler: scheduler, on: .inline) { _ in }
            Issue.record("accepted a negative interval")
        } catch {
            #expect(error.description.contains("-3.0 seconds"))
        }
    }
}
