import Testing

@testable import ClosureKit

@Suite("DelayScheduler repeating")
struct DelaySchedulerRepeatingTests {
    let clock = ManualClock()
    var scheduler: DelayScheduler<ManualClock> { DelayScheduler(clock: clock) }

    @Test("a repeating closure shows no drift over 10,000 ticks")
    func noDrift() throws {
        let clock = self.clock
        let seen = DelaysLog<Duration>()
        // 1/3 ms does not divide into whole nanoseconds: accumulating a rounded
        // interval would drift by 3.3 µs over 10,000 ticks.
        let interval = Duration.milliseconds(1) / 3
        let token = try scheduler.scheduleRepeating(every: interval, on: .inline) {
            seen.append(clock.now.offset)
        }
        // Advance tick by tick to each exact instant (advancing by a rounded
        // step would make the clock itself drift, not the schedule).
        for tick in 1...10_000 { clock.advance(to: .zero.advanced(by: interval * tick)) }
        let times = seen.elements
        #expect(times.count == 10_000)
        for (index, time) in times.enumerated() {
            let exact = (interval * (index + 1)).saturatingNanoseconds
            if time.saturatingNanoseconds != exact {
                Issue.record("tick \(index + 1) at \(time), expected \(exact) ns")
                break
            }
        }
        #expect(times.last == .nanoseconds((interval * 10_000).saturatingNanoseconds))
        token.cancel()
    }

    @Test("every tick inside one long advance runs, each at its own deadline")
    func ticksInOneAdvance() throws {
        let clock = self.clock
        let seen = DelaysLog<Duration>()
        let token = try scheduler.scheduleRepeating(every: .seconds(1), startingAfter: .milliseconds(500), on: .inline)
        {
            seen.append(clock.now.offset)
        }
        clock.advance(by: .seconds(4))
        #expect(seen.elements == [.milliseconds(500), .milliseconds(1500), .milliseconds(2500), .milliseconds(3500)])
        withExtendedLifetime(token) {}
    }

    @Test("ticks interleave with one-shot delays in deadline order")
    func interleaves() throws {
        let log = DelaysLog<String>()
        let ticker = try scheduler.scheduleRepeating(every: .seconds(2), on: .inline) { log.append("tick") }
        let once = scheduler.schedule(after: .seconds(3), on: .inline) { log.append("once") }
        clock.advance(by: .seconds(6))
        #expect(log.elements == ["tick", "once", "tick", "tick"])
        withExtendedLifetime((ticker, once)) {}
    }

    @Test("cancelling stops the ticks and frees the closure at once")
    func cancelStops() throws {
        let counter = DelaysCounter()
        weak var weakProbe: DelaysProbe?
        let token: CancellationToken
        do {
            let probe = DelaysProbe()
            weakProbe = probe
            token = try scheduler.scheduleRepeating(every: .seconds(1), on: .inline) {
                _ = probe.name
                counter.increment()
            }
        }
        clock.advance(by: .seconds(3))
        #expect(counter.value == 3)
        #expect(token.cancel())
        #expect(weakProbe == nil)
        #expect(!token.cancel())
        clock.advance(by: .seconds(3))
        #expect(counter.value == 3)
        #expect(clock.pendingCount == 0)
    }

    @Test("a repeating closure that cancels itself stops at once")
    func cancelsItself() throws {
        let counter = DelaysCounter()
        let holder = DelaysLog<CancellationToken>()
        let results = DelaysLog<Bool>()
        holder.append(
            try scheduler.scheduleRepeating(every: .seconds(1), on: .inline) {
                counter.increment()
                if counter.value == 2 { results.append(holder.elements[0].cancel()) }
            })
        clock.advance(by: .seconds(10))
        #expect(counter.value == 2)
        #expect(results.elements == [true], "cancelling inside the closure prevented the later ticks")
        #expect(clock.pendingCount == 0)
    }

    @Test("an interval that is zero, negative, NaN or infinite throws an error naming it")
    func invalidIntervals() {
        let scheduler = self.scheduler
        for (seconds, name) in [
            (0.0, "0.0"), (-1.5, "-1.5"), (Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"),
        ] {
            do {
                _ = try scheduler.scheduleRepeating(everySeconds: seconds, on: .inline) {}
                Issue.record("\(seconds) was accepted")
            } catch {
                #expect(error.interval == "\(name) seconds")
                #expect(error.description.contains(name))
            }
        }
        #expect(throws: DelayIntervalError.self) {
            _ = try scheduler.scheduleRepeating(every: .zero, on: .inline) {}
        }
        #expect(throws: DelayIntervalError.self) {
            _ = try scheduler.scheduleRepeating(every: .seconds(-2), on: .inline) {}
        }
        do {
            _ = try scheduler.scheduleRepeating(every: .seconds(-2), on: .inline) {}
        } catch {
            #expect(error.description.contains("-2.0 seconds"))
        }
        #expect(clock.pendingCount == 0)
    }

    @Test("an interval in seconds repeats like a Duration")
    func secondsInterval() throws {
        let counter = DelaysCounter()
        let token = try scheduler.scheduleRepeating(everySeconds: 0.25, on: .inline) { counter.increment() }
        clock.advance(by: .seconds(1))
        #expect(counter.value == 4)
        withExtendedLifetime(token) {}
    }

    @Test("releasing the token of a repeating delay stops it")
    func releaseStops() throws {
        let counter = DelaysCounter()
        do {
            let token = try scheduler.scheduleRepeating(every: .seconds(1), on: .inline) { counter.increment() }
            clock.advance(by: .seconds(1))
            withExtendedLifetime(token) {}
        }
        clock.advance(by: .seconds(5))
        #expect(counter.value == 1)
    }
}
