import Dispatch
import Testing

@testable import ClosureKit

@Suite("DelayScheduler")
struct DelaySchedulerTests {
    let clock = ManualClock()
    var scheduler: DelayScheduler<ManualClock> { DelayScheduler(clock: clock) }

    // MARK: Scheduling and cancelling

    @Test("scheduling returns a token at once, without running the closure")
    func returnsAtOnce() {
        let counter = DelaysCounter()
        let token = scheduler.schedule(after: .seconds(1), on: .inline) { counter.increment() }
        #expect(counter.value == 0)
        #expect(clock.pendingCount == 1)
        #expect(!token.isCancelled)
        clock.advance(by: .seconds(1))
        #expect(counter.value == 1)
        #expect(clock.pendingCount == 0)
    }

    @Test("schedule(at:) runs the closure at that deadline")
    func scheduleAtDeadline() {
        let seen = DelaysLog<ManualClock.Instant>()
        let deadline = clock.now.advanced(by: .milliseconds(1234))
        let token = scheduler.schedule(at: deadline, on: .inline) { seen.append(self.clock.now) }
        clock.advance(by: .seconds(2))
        #expect(seen.elements == [deadline])
        withExtendedLifetime(token) {}
    }

    @Test("cancelling before the deadline means the closure never runs")
    func cancelBeforeDeadline() {
        let counter = DelaysCounter()
        let kept = DelaysCounter()
        let token = scheduler.schedule(after: .seconds(1), on: .inline) { counter.increment() }
        let other = scheduler.schedule(after: .seconds(1), on: .inline) { kept.increment() }
        #expect(token.cancel())
        #expect(token.isCancelled)
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(5))
        #expect(counter.value == 0)
        #expect(kept.value == 1, "the delay that was not cancelled runs")
        withExtendedLifetime(other) {}
    }

    @Test("cancelling after the closure ran, or twice, does nothing and returns false")
    func cancelAfterRunOrTwice() {
        let counter = DelaysCounter()
        let ran = scheduler.schedule(after: .seconds(1), on: .inline) { counter.increment() }
        clock.advance(by: .seconds(1))
        #expect(!ran.cancel())
        #expect(!ran.cancel())

        let twice = scheduler.schedule(after: .seconds(1), on: .inline) { counter.increment() }
        #expect(twice.cancel())
        #expect(!twice.cancel())
        clock.advance(by: .seconds(1))
        #expect(counter.value == 1)
    }

    @Test("cancelling frees the closure and its captures at once, not at the deadline")
    func cancelFreesCaptures() {
        weak var weakProbe: DelaysProbe?
        let token: CancellationToken
        do {
            let probe = DelaysProbe()
            weakProbe = probe
            token = scheduler.schedule(after: .seconds(3600), on: .inline) { _ = probe.name }
        }
        #expect(weakProbe != nil, "a pending delay keeps its captures")
        token.cancel()
        #expect(weakProbe == nil, "cancelling released the captures before the deadline")
    }

    @Test("releasing the token cancels the delay and frees its captures")
    func releasingTokenCancels() {
        weak var weakProbe: DelaysProbe?
        let counter = DelaysCounter()
        do {
            let probe = DelaysProbe()
            weakProbe = probe
            let token = scheduler.schedule(after: .seconds(1), on: .inline) {
                _ = probe.name
                counter.increment()
            }
            withExtendedLifetime(token) {}
        }
        #expect(weakProbe == nil)
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(2))
        #expect(counter.value == 0)
    }

    @Test("a fired closure is released once it has run")
    func firedClosureReleased() {
        weak var weakProbe: DelaysProbe?
        let token: CancellationToken
        do {
            let probe = DelaysProbe()
            weakProbe = probe
            token = scheduler.schedule(after: .seconds(1), on: .inline) { _ = probe.name }
        }
        clock.advance(by: .seconds(1))
        #expect(weakProbe == nil)
        withExtendedLifetime(token) {}
    }

    @Test("tokens are hashable and can be kept in a set")
    func tokensInSet() {
        var tokens = Set<CancellationToken>()
        let counter = DelaysCounter()
        for _ in 0..<10 {
            scheduler.schedule(after: .seconds(1), on: .inline) { counter.increment() }.store(in: &tokens)
        }
        #expect(tokens.count == 10)
        clock.advance(by: .seconds(1))
        #expect(counter.value == 10)
        tokens.removeAll()
    }

    @Test("a delay with a deadline in the past runs at the next advance")
    func pastDeadline() {
        clock.advance(by: .seconds(10))
        let counter = DelaysCounter()
        let token = scheduler.schedule(at: .zero, on: .inline) { counter.increment() }
        let negative = scheduler.schedule(after: .seconds(-5), on: .inline) { counter.increment() }
        #expect(counter.value == 0)
        clock.advance(by: .zero)
        #expect(counter.value == 2)
        withExtendedLifetime((token, negative)) {}
    }

    // MARK: Cancellation inside handlers and no lock held

    @Test("a closure that cancels another one due at the same instant prevents it at once")
    func cancelInsideHandler() {
        let log = DelaysLog<String>()
        let second = DelaysLog<CancellationToken>()
        let results = DelaysLog<Bool>()
        let first = scheduler.schedule(after: .seconds(1), on: .inline) {
            log.append("first")
            results.append(second.elements[0].cancel())
        }
        second.append(scheduler.schedule(after: .seconds(1), on: .inline) { log.append("second") })
        clock.advance(by: .seconds(1))
        #expect(log.elements == ["first"])
        #expect(results.elements == [true])
        withExtendedLifetime(first) {}
    }

    @Test("a closure that cancels its own token prevents nothing: it is already running")
    func cancelSelfInsideHandler() {
        let holder = DelaysLog<CancellationToken>()
        let results = DelaysLog<Bool>()
        holder.append(
            scheduler.schedule(after: .seconds(1), on: .inline) {
                results.append(holder.elements[0].cancel())
            })
        clock.advance(by: .seconds(1))
        #expect(results.elements == [false])
    }

    @Test("closures run with no library lock held: they may schedule and cancel delays")
    func noLockHeldDuringClosure() {
        let log = DelaysLog<String>()
        let inner = DelaysLog<CancellationToken>()
        let scheduler = self.scheduler
        let outer = scheduler.schedule(after: .seconds(1), on: .inline) {
            let token = scheduler.schedule(after: .seconds(1), on: .inline) { log.append("never") }
            #expect(token.cancel())
            inner.append(scheduler.schedule(after: .zero, on: .inline) { log.append("nested") })
            log.append("outer")
        }
        clock.advance(by: .seconds(1))
        #expect(log.elements == ["outer", "nested"])
        withExtendedLifetime(outer) {}
    }

    @Test("captures are released with no library lock held: their deinit may schedule")
    func capturesReleasedOutsideLock() {
        let scheduler = self.scheduler
        let log = DelaysLog<CancellationToken>()
        final class SchedulesOnDeinit: @unchecked Sendable {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
            deinit { body() }
        }
        var token: CancellationToken?
        do {
            let capture = SchedulesOnDeinit {
                log.append(scheduler.schedule(after: .seconds(1), on: .inline) {})
            }
            token = scheduler.schedule(after: .seconds(1), on: .inline) { _ = capture }
        }
        #expect(token?.cancel() == true)
        #expect(log.count == 1, "the deinit ran and scheduled without deadlocking")
        token = nil
    }

    // MARK: Races

    @Test("under a race between cancel and fire, each closure runs exactly once or never")
    func cancelFireRaceInline() async {
        let count = 2_000
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let runs = (0..<count).map { _ in DelaysCounter() }
        let tokens = (0..<count).map { index in
            scheduler.schedule(after: .milliseconds(Int64(index % 50)), on: .inline) { runs[index].increment() }
        }
        let cancelled = (0..<count).map { _ in DelaysLog<Bool>() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<50 { clock.advance(by: .milliseconds(1)) }
            }
            for lane in 0..<3 {
                group.addTask {
                    for index in stride(from: lane, to: count, by: 3) {
                        cancelled[index].append(tokens[index].cancel())
                    }
                }
            }
        }
        clock.advance(by: .seconds(1))
        for index in 0..<count {
            let ran = runs[index].value
            #expect(ran <= 1)
            #expect(cancelled[index].elements.count == 1)
            // cancel() returns true exactly when it prevented the run.
            #expect((ran == 1) != cancelled[index].elements[0], "delay \(index)")
        }
    }

    @Test("under a race between cancel and a queue running the closure, each runs once or never")
    func cancelFireRaceOnQueue() async {
        let count = 2_000
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let queue = DispatchQueue(label: "race", attributes: .concurrent)
        let runs = (0..<count).map { _ in DelaysCounter() }
        let tokens = (0..<count).map { index in
            scheduler.schedule(after: .milliseconds(1), on: .queue(queue)) { runs[index].increment() }
        }
        let cancelled = (0..<count).map { _ in DelaysLog<Bool>() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { clock.advance(by: .milliseconds(1)) }
            for lane in 0..<2 {
                group.addTask {
                    for index in stride(from: lane, to: count, by: 2) {
                        cancelled[index].append(tokens[index].cancel())
                    }
                }
            }
        }
        queue.sync(flags: .barrier) {}
        for index in 0..<count {
            let ran = runs[index].value
            #expect(ran <= 1)
            #expect((ran == 1) != cancelled[index].elements[0], "delay \(index)")
        }
    }

    @Test("under a race between owners releasing their tokens and the clock popping them, nothing runs twice or leaks")
    func releaseFireRace() async {
        let count = 3_000
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let runs = (0..<count).map { _ in DelaysCounter() }
        // Each lane owns a third of the tokens and drops them one by one
        // while the clock pops the same delays; a token released while its
        // delay is being popped exercises the heap's refusal to retain a
        // record whose deinit has begun.
        final class Lane: @unchecked Sendable {
            var tokens: [CancellationToken?]
            init(_ tokens: [CancellationToken?]) { self.tokens = tokens }
        }
        var lanes: [Lane] = []
        for lane in 0..<3 {
            lanes.append(
                Lane(
                    stride(from: lane, to: count, by: 3).map { index in
                        scheduler.schedule(after: .milliseconds(Int64(index % 30)), on: .inline) {
                            runs[index].increment()
                        }
                    }))
        }
        #expect(clock.pendingCount == count)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<30 { clock.advance(by: .milliseconds(1)) }
            }
            for lane in lanes {
                group.addTask {
                    for index in lane.tokens.indices { lane.tokens[index] = nil }
                }
            }
        }
        clock.advance(by: .seconds(1))
        #expect(clock.pendingCount == 0)
        #expect(clock.core.lock.withLock { clock.core.pendingCountLocked } == 0)
        for index in 0..<count { #expect(runs[index].value <= 1, "delay \(index)") }
    }

    @Test("cancel is thread-safe: of many threads cancelling one token, exactly one prevents the run")
    func concurrentCancelOfOneToken() async {
        for _ in 0..<50 {
            let counter = DelaysCounter()
            let token = scheduler.schedule(after: .seconds(1), on: .inline) { counter.increment() }
            let results = DelaysLog<Bool>()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { results.append(token.cancel()) } }
            }
            #expect(results.elements.filter { $0 }.count == 1)
            clock.advance(by: .seconds(1))
            #expect(counter.value == 0)
        }
    }

    // MARK: Scale

    @Test("a hundred thousand pending delays are cheap to schedule and cancel, in any order")
    func manyPending() {
        let count = 100_000
        let counter = DelaysCounter()
        var tokens: [CancellationToken] = []
        tokens.reserveCapacity(count)
        for index in 0..<count {
            tokens.append(
                scheduler.schedule(after: .milliseconds(Int64(index % 997)), on: .inline) {
                    counter.increment()
                })
        }
        #expect(clock.pendingCount == count)
        // Cancel every other one, from the middle of the heap.
        for index in stride(from: 0, to: count, by: 2) { tokens[index].cancel() }
        #expect(clock.pendingCount == count / 2)
        clock.advance(by: .seconds(1))
        #expect(counter.value == count / 2)
        #expect(clock.pendingCount == 0)
    }

    @Test("delays run in deadline order however they were inserted and removed")
    func heapOrderUnderChurn() {
        let log = DelaysLog<Int64>()
        var tokens: [CancellationToken] = []
        var seed: UInt64 = 42
        for _ in 0..<5_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let millis = Int64(seed >> 44)
            let clock = self.clock
            tokens.append(
                scheduler.schedule(after: .milliseconds(millis), on: .inline) {
                    log.append(clock.now.offset.saturatingNanoseconds)
                })
            if seed & 3 == 0 { tokens[Int(seed >> 40) % tokens.count].cancel() }
        }
        clock.advance(by: .seconds(1 << 21))
        let times = log.elements
        #expect(times == times.sorted())
        #expect(clock.pendingCount == 0)
    }

    // MARK: Executors

    @Test("a queue executor runs the closure on that queue")
    func queueExecutor() async {
        let queue = DispatchQueue(label: "target")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let seen = DelaysLog<Int?>()
        let token = scheduler.schedule(after: .seconds(1), on: .queue(queue)) {
            seen.append(DispatchQueue.getSpecific(key: key))
        }
        clock.advance(by: .seconds(1))
        queue.sync {}
        #expect(seen.elements == [7])
        withExtendedLifetime(token) {}
    }

    @Test("cancelling a delay that waits for its queue still prevents it")
    func cancelWhileWaitingForQueue() {
        let queue = DispatchQueue(label: "blocked")
        let counter = DelaysCounter()
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let token = scheduler.schedule(after: .seconds(1), on: .queue(queue)) { counter.increment() }
        clock.advance(by: .seconds(1))
        #expect(token.cancel(), "the delay was due but had not run: cancel prevented it")
        gate.signal()
        queue.sync {}
        #expect(counter.value == 0)
    }

    @Test("a serial executor runs the closure on that executor")
    func serialExecutor() async {
        let executor = DelaysQueueExecutor()
        let onExecutor = DelaysLog<Bool>()
        let ran = TestEvent()
        let token = scheduler.schedule(after: .seconds(1), on: .executor(executor)) {
            onExecutor.append(executor.isCurrent)
            ran.signal()
        }
        clock.advance(by: .seconds(1))
        // Each step waits on its own event, so that a failure says where the
        // job stopped: taken out of the heap, handed to the executor, run.
        #expect(clock.pendingCount == 0, "the advance took the delay out of the heap")
        #expect(await executor.enqueued.wait(), "the job reached the executor")
        #expect(await ran.wait(), "the executor ran the closure")
        #expect(onExecutor.elements == [true])
        withExtendedLifetime(token) {}
    }

    @Test("a task executor runs the closure in a task on that executor")
    func taskExecutor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let executor = DelaysTaskExecutor()
        let onExecutor = DelaysLog<Bool>()
        let ran = TestEvent()
        let token = scheduler.schedule(after: .seconds(1), on: .taskExecutor(executor)) {
            onExecutor.append(executor.isCurrent)
            ran.signal()
        }
        clock.advance(by: .seconds(1))
        #expect(await ran.wait())
        #expect(onExecutor.elements == [true])
        withExtendedLifetime(token) {}
    }

    // MARK: Real clocks (the timer thread itself: each test awaits the event,
    // with a hang guard, and never measures time)

    @Test("the shared scheduler on the continuous clock runs a closure on a queue")
    func sharedSchedulerSmoke() async {
        let ran = TestEvent()
        let token = DelayScheduler.shared.schedule(after: .milliseconds(5), on: .queue(.global())) {
            ran.signal()
        }
        #expect(await ran.wait())
        #expect(!token.cancel())
    }

    @Test(
        "on the timer thread, an inline closure that cancels another of its batch prevents it",
        arguments: [false, true])
    func cancelWithinARealBatch(repeating: Bool) async throws {
        let scheduler = DelayScheduler(clock: ContinuousClock())
        // Holds the timer thread until both delays are due, so that one
        // batch takes them together.
        let held = TestEvent()
        let release = DispatchSemaphore(value: 0)
        let blocker = scheduler.schedule(after: .milliseconds(1), on: .inline) {
            held.signal()
            release.wait()
        }
        #expect(await held.wait())
        let deadline = ContinuousClock.now
        let tokens = Locked<[CancellationToken]>([])
        let runs = Locked<[Int]>([])
        let answers = Locked<[Bool]>([])
        for id in 0..<2 {
            let body: @Sendable () -> Void = {
                runs.withLock { $0.append(id) }
                let other = tokens.withLock { $0[1 - id] }
                answers.withLock { $0.append(other.cancel()) }
            }
            let token =
                repeating
                ? try scheduler.scheduleRepeating(every: .seconds(3600), startingAfter: .zero, on: .inline, body)
                : scheduler.schedule(at: deadline, on: .inline, body)
            tokens.withLock { $0.append(token) }
        }
        release.signal()
        let after = TestEvent()
        let sentinel = scheduler.schedule(after: .milliseconds(5), on: .inline) { after.signal() }
        #expect(await after.wait())
        #expect(runs.withLock { $0.count } == 1)
        #expect(answers.withLock { $0 } == [true])
        tokens.withLock { $0 }.forEach { $0.cancel() }
        withExtendedLifetime((blocker, sentinel)) {}
    }

    @Test("a scheduler on the suspending clock runs closures inline and repeatedly")
    func suspendingClockSmoke() async throws {
        let scheduler = DelayScheduler(clock: SuspendingClock())
        let ticks = TestEvent()
        let cancelled = DelaysCounter()
        let token = try scheduler.scheduleRepeating(every: .milliseconds(2), on: .inline) { ticks.signal() }
        // An hour away, so that cancelling on the next line always comes
        // first, however long the machine stalls.
        let never = scheduler.schedule(after: .seconds(3600), on: .inline) { cancelled.increment() }
        #expect(never.cancel())
        #expect(await ticks.wait(count: 3))
        token.cancel()
        #expect(cancelled.value == 0)
        #expect(scheduler.pendingCount == 0)
    }

    // On the real clock: a cancellation that did not end the hour-long sleep
    // would hang the run, so the test fails after a minute instead.
    @Test("sleep on a real clock resumes, and throws when the task is cancelled", .timeLimit(.minutes(1)))
    func realSleep() async throws {
        let scheduler = DelayScheduler.shared
        try await scheduler.sleep(for: .milliseconds(1))
        try await scheduler.sleep(until: ContinuousClock.now)
        let task = Task { try await scheduler.sleep(for: .seconds(3600)) }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("sleep in an already cancelled task throws without waiting")
    func sleepAlreadyCancelled() async {
        let clock = self.clock
        let scheduler = DelayScheduler(clock: clock)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await scheduler.sleep(for: .seconds(1))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.pendingCount == 0)
    }
}

/// A task executor that runs its jobs on a dispatch queue.
final class DelaysTaskExecutor: TaskExecutor, @unchecked Sendable {
    let queue = DispatchQueue(label: "DelaysTaskExecutor")
    let key = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: key, value: true)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
