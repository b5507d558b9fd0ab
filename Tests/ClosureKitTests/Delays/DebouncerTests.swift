import Dispatch
import Testing

@testable import ClosureKit

@Suite("Debouncer")
struct DebouncerTests {
    let clock = ManualClock()
    var scheduler: DelayScheduler<ManualClock> { DelayScheduler(clock: clock) }

    @Test("calls the action once, with the last value, after the values stop")
    func trailingEdge() throws {
        let clock = self.clock
        let log = DelaysLog<String>()
        let debouncer = try Debouncer<String>(for: .milliseconds(300), scheduler: scheduler, on: .inline) { value in
            log.append("\(value) at \(clock.now.offset)")
        }
        for text in ["s", "sw", "swi", "swift"] {
            debouncer.send(text)
            clock.advance(by: .milliseconds(100))
        }
        #expect(log.elements.isEmpty)
        clock.advance(by: .milliseconds(199))
        #expect(log.elements.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(log.elements == ["swift at 0.6 seconds"])
        clock.advance(by: .seconds(5))
        #expect(log.count == 1)
    }

    @Test("every send restarts the quiet interval, on one pending delay")
    func onePending() throws {
        let debouncer = try Debouncer<Int>(for: .seconds(1), scheduler: scheduler, on: .inline) { _ in }
        for value in 0..<100 { debouncer.send(value) }
        #expect(clock.pendingCount == 1)
    }

    @Test("cancel drops the pending value")
    func cancelDrops() throws {
        let log = DelaysLog<Int>()
        let debouncer = try Debouncer<Int>(for: .seconds(1), scheduler: scheduler, on: .inline) { log.append($0) }
        debouncer.send(1)
        #expect(debouncer.cancel())
        #expect(!debouncer.cancel())
        clock.advance(by: .seconds(2))
        #expect(log.elements.isEmpty)
        debouncer.send(2)
        clock.advance(by: .seconds(1))
        #expect(log.elements == [2])
    }

    @Test("releasing the debouncer drops the pending value")
    func releaseDrops() throws {
        let log = DelaysLog<Int>()
        var debouncer: Debouncer<Int>? = try Debouncer<Int>(for: .seconds(1), scheduler: scheduler, on: .inline) {
            log.append($0)
        }
        debouncer?.send(1)
        debouncer = nil
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(2))
        #expect(log.elements.isEmpty)
    }

    @Test("separate bursts each produce one call")
    func bursts() throws {
        let log = DelaysLog<Int>()
        let debouncer = try Debouncer<Int>(for: .seconds(1), scheduler: scheduler, on: .inline) { log.append($0) }
        debouncer.send(1)
        debouncer.send(2)
        clock.advance(by: .seconds(3))
        debouncer.send(3)
        clock.advance(by: .seconds(3))
        #expect(log.elements == [2, 3])
    }

    @Test("an invalid interval throws an error naming it")
    func invalidInterval() {
        #expect(throws: DelayIntervalError.self) {
            _ = try Debouncer<Int>(for: .zero, scheduler: scheduler, on: .inline) { _ in }
        }
        #expect(throws: DelayIntervalError.self) {
            _ = try Debouncer<Int>(for: .seconds(-1), on: .inline) { _ in }
        }
    }

    @Test("values sent from many threads end in exactly one call")
    func concurrentSends() async throws {
        let log = DelaysLog<Int>()
        let debouncer = try Debouncer<Int>(for: .seconds(1), scheduler: scheduler, on: .inline) { log.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask { for value in 0..<250 { debouncer.send(lane * 1000 + value) } }
            }
        }
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        #expect(log.count == 1)
    }

    @Test("on the shared scheduler's real clock and timer thread, the last value runs, once and last")
    func realClock() async {
        let values = Locked<[Int]>([])
        let lastRan = TestEvent()
        // A serial queue runs the calls in the order the timer fires them, so
        // the order assertions below hold when 1 or 2 run too.
        let debouncer = try! Debouncer<Int>(for: .milliseconds(5), on: .queue(DispatchQueue(label: "debounced"))) {
            value in
            values.withLock { $0.append(value) }
            if value == 3 { lastRan.signal() }
        }
        for value in 1...3 { debouncer.send(value) }
        #expect(await lastRan.wait())
        #expect(debouncer.cancel() == false)
        // 3 runs once, last. Whether 1 or 2 ran too depends on whether a loaded
        // machine let 5 ms pass between two sends: the test asserts no timing,
        // only that each value that ran, ran once and in order, ending with 3.
        let ran = values.withLock { $0 }
        #expect(ran.last == 3)
        #expect(ran == ran.sorted() && Set(ran).count == ran.count)
    }
}

@Suite("Debouncer and Throttler without values")
struct VoidRateLimiterTests {
    @Test("a Void debouncer and throttler are sent calls with send()")
    func voidSend() throws {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let debounced = DelaysCounter()
        let throttled = DelaysCounter()
        let debouncer = try Debouncer<Void>(for: .seconds(1), scheduler: scheduler, on: .inline) {
            debounced.increment()
        }
        let throttler = try Throttler<Void>(for: .seconds(1), scheduler: scheduler, on: .inline) {
            throttled.increment()
        }
        for _ in 0..<5 {
            debouncer.send()
            throttler.send()
        }
        clock.advance(by: .seconds(3))
        #expect(debounced.value == 1)
        #expect(throttled.value == 2, "leading and trailing")
    }
}

/// An actor whose debouncer and throttler record what reaches it, and that
/// can be held busy, so that values wait for it in its mailbox. It runs on a
/// queue of its own: holding it blocks that queue's thread, not one of the
/// few threads that run every test's tasks.
actor BusyRecorder {
    private(set) var seen: [Int] = []
    private let executor = DelaysQueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func debouncer(on scheduler: DelayScheduler<ManualClock>) -> Debouncer<Int> {
        try! Debouncer<Int>(for: .microseconds(1), scheduler: scheduler, on: .inline) { self.seen.append($0) }
    }

    func throttler(on scheduler: DelayScheduler<ManualClock>) -> Throttler<Int> {
        try! Throttler<Int>(for: .microseconds(1), scheduler: scheduler, on: .inline) { self.seen.append($0) }
    }

    /// Keeps the actor busy until `release` is signalled.
    func hold(started: TestEvent, release: DispatchSemaphore) {
        started.signal()
        release.wait()
    }
}

@Suite("cancel() drops a value that waits for the action's actor")
struct WaitingValueCancelTests {
    /// Holds `recorder` busy while `body` runs, then lets it go and returns
    /// what it saw.
    private func whileBusy(_ recorder: BusyRecorder, _ body: () -> Void) async -> [Int] {
        let started = TestEvent()
        let release = DispatchSemaphore(value: 0)
        let holding = Task { await recorder.hold(started: started, release: release) }
        #expect(await started.wait())
        body()
        release.signal()
        await holding.value
        return await recorder.seen
    }

    @Test("a debouncer's value whose quiet time passed, waiting for the actor, does not run after cancel")
    func debouncer() async {
        let clock = ManualClock()
        let recorder = BusyRecorder()
        let debouncer = await recorder.debouncer(on: DelayScheduler(clock: clock))
        let seen = await whileBusy(recorder) {
            debouncer.send(1)
            clock.advance(by: .microseconds(1)) // fires: 1 waits for the actor
            #expect(debouncer.cancel())
        }
        #expect(seen == [])
        debouncer.send(2)
        clock.advance(by: .microseconds(1))
        #expect(await whileBusy(recorder) {} == [2])
    }

    @Test("a throttler's value waiting for the actor does not run after cancel")
    func throttler() async {
        let clock = ManualClock()
        let recorder = BusyRecorder()
        let throttler = await recorder.throttler(on: DelayScheduler(clock: clock))
        let seen = await whileBusy(recorder) {
            throttler.send(1) // the leading value, waiting for the actor
            #expect(throttler.cancel())
            #expect(throttler.cancel() == false)
        }
        #expect(seen == [])
        throttler.send(2)
        #expect(await whileBusy(recorder) {} == [2])
    }
}
