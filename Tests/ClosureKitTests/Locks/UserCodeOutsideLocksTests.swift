import Dispatch
import Testing

@testable import ClosureKit

// Three kinds of user code the library runs, each re-entered from that user
// code: a custom executor's `isIsolatingCurrentContext()` (asked when a hook
// point claims an answering hook), a subscript argument's `hash(into:)` and
// `==` (run when an observed key path is hashed or compared) and a custom
// clock's `now` (read by the timer thread before it sleeps). The library runs
// each with none of its locks held: under a lock, a re-entry would stop the
// process ("Recursive call to lock") or deadlock.

// MARK: - The claim of an answering hook

/// A serial executor on a dispatch queue that answers the runtime's
/// isolation check itself, and runs `onAsk` each time it is asked: the
/// user code that a hook point's claim must not call under its lock.
private final class AskingExecutor: SerialExecutor, @unchecked Sendable {
    let queue = DispatchQueue(label: "UserCodeOutsideLocksTests.AskingExecutor")
    private let key = DispatchSpecificKey<Bool>()
    private let onAsk = Locked<(@Sendable () -> Void)?>(nil)
    let asks = Locked(0)

    init() {
        queue.setSpecific(key: key, value: true)
    }

    func whenAsked(_ body: (@Sendable () -> Void)?) {
        onAsk.withLock { $0 = body }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func isIsolatingCurrentContext() -> Bool? {
        asks.withLock { $0 += 1 }
        onAsk.withLock { $0 }?()
        return DispatchQueue.getSpecific(key: key) == true
    }
}

/// An actor on an ``AskingExecutor``, which registers hooks that must answer.
private actor AskingActor {
    let executor: AskingExecutor

    init(executor: AskingExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// How many times a hook of this actor ran.
    private(set) var runs = 0

    /// An `instead` hook of this actor (it changes the actor's state): it
    /// answers only calls made on the actor.
    func instead(on recorder: Recorder, options: RegistrationOptions, log: Probe) -> CancellationToken {
        Recorder.hooks.record.instead(on: recorder, options: options) { @Sendable _, invocation in
            self.runs += 1
            log.record("instead \(invocation.arguments)")
            return -1
        }
    }
}

// MARK: - Key paths

/// A subscript argument whose `hash(into:)` and `==` run `onUse`: user code,
/// which the library must run with none of its locks held.
private struct ReenteringKey: Hashable, Sendable {
    let id: Int
    let onUse: @Sendable () -> Void

    static func == (lhs: ReenteringKey, rhs: ReenteringKey) -> Bool {
        lhs.onUse()
        return lhs.id == rhs.id
    }

    func hash(into hasher: inout Hasher) {
        onUse()
        hasher.combine(id)
    }
}

/// A subscript argument that says when it ends: it lives as long as the key
/// paths that hold it.
private final class EndingKey: Hashable, @unchecked Sendable {
    let id: Int
    let onEnd: @Sendable () -> Void

    init(_ id: Int, onEnd: @escaping @Sendable () -> Void) {
        self.id = id
        self.onEnd = onEnd
    }

    deinit { onEnd() }

    static func == (lhs: EndingKey, rhs: EndingKey) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension ObservedAccount {
    /// A computed subscript that reads an observable property.
    fileprivate subscript(reentering key: ReenteringKey) -> Int { balance + key.id }
    fileprivate subscript(ending key: EndingKey) -> Int { balance + key.id }
}

// MARK: - The timer thread's clock

/// Wakes the tasks that wait for another thread's progress (the timer
/// thread's) each time it changes something they look at, so that a wait
/// polls nothing and measures no time.
private final class Progress: @unchecked Sendable {
    private struct State {
        var generation = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var givenUp = false
    }

    private let state = Locked(State())

    /// Something changed: every waiting task looks again.
    func changed() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.generation += 1
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until `condition` holds, and returns whether it did. Only a
    /// bug makes it give up: after `limit`, a bound no working run comes
    /// near (the wait ends at the change that makes `condition` true).
    func wait(limit: Duration = .seconds(60), until condition: @Sendable () -> Bool) async -> Bool {
        let guardTask = Task {
            // Cancelled when the wait ends: then it gives nothing up.
            do { try await Task.sleep(for: limit) } catch { return }
            state.withLock { $0.givenUp = true }
            changed()
        }
        defer { guardTask.cancel() }
        while true {
            let generation = state.withLock { $0.generation }
            if condition() { return true }
            if state.withLock({ $0.givenUp }) { return false }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    guard state.generation == generation else { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }
}

/// What a ``StillClock`` does when the timer thread reads it: counts the
/// reads and, once armed, schedules a delay that is due at once on the
/// reading's `skip + 1`-th read, from inside `now`.
private final class ClockReads: @unchecked Sendable {
    private struct State {
        var reads = 0
        /// The read that schedules, counted from 1; 0 when disarmed.
        var trigger = 0
        var scheduler: DelayScheduler<StillClock>?
        var tokens: [CancellationToken] = []
    }

    private let state = Locked(State())
    let fired = Locked(0)
    /// Changes at each read and each run of the delay scheduled from `now`.
    let progress = Progress()

    /// The reads made on a thread that runs no task: the timer thread's.
    var reads: Int { state.withLock { $0.reads } }

    func attach(_ scheduler: DelayScheduler<StillClock>?) {
        let tokens = state.withLock { state -> [CancellationToken] in
            state.scheduler = scheduler
            defer { state.tokens = [] }
            return scheduler == nil ? state.tokens : []
        }
        for token in tokens { token.cancel() }
    }

    /// Schedules from the read that comes `after` reads from now.
    func arm(after skipped: Int) {
        state.withLock { $0.trigger = $0.reads + skipped + 1 }
    }

    /// Called from `now`: the test's own reads (made in a task) do nothing.
    func read() {
        guard withUnsafeCurrentTask(body: { $0 == nil }) else { return }
        let scheduler = state.withLock { state -> DelayScheduler<StillClock>? in
            state.reads += 1
            guard state.reads == state.trigger else { return nil }
            return state.scheduler
        }
        defer { progress.changed() }
        guard let scheduler else { return }
        // Earlier than every pending delay: due now. `schedule(at:)` reads no
        // clock, so this does not come back here.
        let token = scheduler.schedule(at: StillClock.Instant(offset: .zero), on: .inline) {
            self.fired.withLock { $0 += 1 }
            self.progress.changed()
        }
        state.withLock { $0.tokens.append(token) }
    }
}

@Suite("No user code runs under a library lock: the claim, key paths, the timer thread's clock")
struct UserCodeOutsideLocksTests {
    @Test("a .once hook of a custom-executor actor whose isolation check registers on the same hook point")
    func onceHookClaimAsksOutsideTheLock() async {
        let executor = AskingExecutor()
        let actor = AskingActor(executor: executor)
        let log = Probe()
        let recorder = Recorder("a", log: log)
        let other = Recorder("b", log: log)
        let token = await actor.instead(on: recorder, options: .once, log: log)
        // Each isolation check registers a hook on the same hook point, and
        // removes it: both take the hook point's lock.
        executor.whenAsked {
            _ = Recorder.hooks.record.before(on: other) { _, _ in }.cancel()
        }
        // A plain block on the executor's queue: the runtime asks the
        // executor whether it runs the actor, and it says yes.
        let first = executor.queue.sync { recorder.record("x") }
        let second = executor.queue.sync { recorder.record("y") }
        executor.whenAsked(nil)
        #expect(first == -1)
        #expect(second == 1)
        #expect(log.events == ["instead x", "original a y"])
        #expect(executor.asks.withLock { $0 } > 0)
        #expect(await actor.runs == 1)
        #expect(!token.cancel()) // used up by the first call
    }

    @Test("a custom-executor actor's hook, checked again after a removal, whose isolation check registers")
    func claimAfterRemovalAsksOutsideTheLock() async {
        let executor = AskingExecutor()
        let actor = AskingActor(executor: executor)
        let log = Probe()
        let recorder = Recorder("a", log: log)
        let other = Recorder("b", log: log)
        let token = await actor.instead(on: recorder, options: [], log: log)
        let spare = Recorder.hooks.record.before(on: other) { _, _ in }
        // A removal during the call: every later hook of the call is
        // re-checked by a claim, not by the free count comparison.
        let remover = Recorder.hooks.record.before(on: recorder) { _, _ in _ = spare.cancel() }
        executor.whenAsked {
            _ = Recorder.hooks.record.before(on: other) { _, _ in }.cancel()
        }
        let answer = executor.queue.sync { recorder.record("x") }
        executor.whenAsked(nil)
        #expect(answer == -1)
        #expect(log.events == ["instead x"])
        #expect(executor.asks.withLock { $0 } > 0)
        #expect(token.cancel())
        #expect(remover.cancel())
    }

    @Test("a .once hook that can answer runs exactly once when many threads call at once")
    func onceHookRunsOnceUnderRaces() async {
        let log = Probe()
        let recorder = Recorder("a", log: log)
        let runs = Locked(0)
        let token = Recorder.hooks.record.instead(on: recorder, options: .once) { _, _ in
            runs.withLock { $0 += 1 }
            return -1
        }
        let hooked = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            if recorder.record("\(index)") == -1 { hooked.withLock { $0 += 1 } }
        }
        #expect(runs.withLock { $0 } == 1)
        #expect(hooked.withLock { $0 } == 1)
        #expect(!token.cancel())
    }

    @Test("observing a subscript key path whose argument's hash(into:) and == observe again")
    func keyPathArgumentReenters() {
        let account = ObservedAccount()
        let key = ReenteringKey(id: 10) {
            _ = account.observe(\.balance) { _, _ in }.cancel()
            _ = ObservedChange<Int>(keyPath: \ObservedAccount.balance, kind: .change, oldValue: nil, newValue: nil)
        }
        let log = ObservationLog<Int>()
        let keyPath = \ObservedAccount.[reentering: key]
        let token = account.observe(keyPath, options: .new) { _, change in
            log.append(change.newValue ?? -1)
        }
        account.balance = 5
        #expect(log.entries == [15])
        let change = ObservedChange<Int>(keyPath: keyPath, kind: .change, oldValue: nil, newValue: 1)
        #expect(change.keyPath == keyPath)
        #expect(token.cancel())
    }

    @Test("a dropped key path is compared with no lock held: its argument's == may drop another")
    @MainActor
    func droppedKeyPathComparedOutsideLock() {
        let account = ObservedAccount()
        let token = Locked<KeyPathObservationToken<ObservedAccount>?>(nil)
        let otherPath = Locked<(any PartialKeyPath<ObservedAccount> & Sendable)?>(nil)
        let armed = Locked(false)
        let fired = Locked(false)
        // The arguments' `==` and `hash(into:)` drop `other` again, once
        // armed: which takes the dropped list's lock. A change of `watched`
        // is checked against that list by comparing key paths; under its
        // lock, this died with "Recursive call to lock".
        let reenter: @Sendable () -> Void = {
            let wasArmed = armed.withLock { armed in
                defer { armed = false }
                return armed
            }
            guard wasArmed else { return }
            fired.withLock { $0 = true }
            if let token = token.withLock({ $0 }), let other = otherPath.withLock({ $0 }) { token.cancel(other) }
        }
        let watched = \ObservedAccount.[reentering: ReenteringKey(id: 10, onUse: reenter)]
        let other = \ObservedAccount.[reentering: ReenteringKey(id: 20, onUse: reenter)]
        otherPath.withLock { $0 = other }
        let log = ObservationLog<Int>()
        let registered = account.observe([watched, other], options: .new) { _, change in
            log.append(change.newValue ?? -1)
        }
        token.withLock { $0 = registered }
        #expect(registered.cancel(other))
        armed.withLock { $0 = true }
        account.balance = 5
        #expect(fired.withLock { $0 })
        #expect(log.entries == [15])
        registered.cancel()
    }

    @Test("changes made by hand keep no key path: each one's subscript argument ends with it")
    func changesKeepNoKeyPath() {
        let ended = Locked(0)
        for id in 0..<200 {
            let key = EndingKey(id) { ended.withLock { $0 += 1 } }
            let change = ObservedChange<Int>(
                keyPath: \ObservedAccount.[ending: key], kind: .change, oldValue: nil, newValue: id)
            #expect(change.newValue == id)
        }
        #expect(ended.withLock { $0 } == 200)
    }

    @Test("observations pin at most a bounded number of key paths; the others end with their observation")
    func observationsPinABoundedNumberOfKeyPaths() {
        let account = ObservedAccount()
        let ended = Locked(0)
        let beyond = 100
        let count = KeyPathPins.capacity + beyond
        let log = ObservationLog<Int>()
        // Pinned while pins are free (only this test takes them all), so that
        // asking again once they are taken must still answer "pinned".
        let early: AnyKeyPath = \ObservedAccount.[ending: EndingKey(-1) {}]
        let pinnedEarly = KeyPathPins.pin(early)
        var tokens: [CancellationToken] = []
        for id in 0..<count {
            let key = EndingKey(id) { ended.withLock { $0 += 1 } }
            tokens.append(
                account.observe(\.[ending: key], options: .new) { _, change in
                    if id == count - 1 { log.append(change.newValue ?? -1) }
                })
        }
        #expect(KeyPathPins.count <= KeyPathPins.capacity)
        if pinnedEarly {
            #expect(KeyPathPins.count == KeyPathPins.capacity)
            #expect(ObservedKeyPath(pinning: early).pinned != nil)
        }
        // The last observation's key path is held, not pinned: it is
        // delivered all the same.
        account.balance = 1
        #expect(log.entries == [count])
        #expect(ended.withLock { $0 } == 0)
        for token in tokens { _ = token.cancel() }
        tokens = []
        #expect(ended.withLock { $0 } >= beyond)
    }

    @Test("a change made from a held key path carries it; a key path takes one word, pinned or held")
    func heldKeyPath() {
        let ended = Locked(0)
        do {
            let key = EndingKey(7) { ended.withLock { $0 += 1 } }
            let held = ObservedKeyPath(holding: \ObservedAccount.[ending: key])
            let change = ObservedChange<Int>(keyPath: held, kind: .change, oldValue: nil, newValue: 1)
            #expect(change.keyPath == \ObservedAccount.[ending: key])
            #expect(held.pinned == nil)
        }
        #expect(ended.withLock { $0 } == 1)
        #expect(MemoryLayout<ObservedKeyPath>.size == MemoryLayout<AnyKeyPath>.size)
    }

    @Test("a custom clock whose now, read by the timer thread before it sleeps, schedules an earlier delay")
    func clockNowSchedulesBeforeSleep() async {
        let reads = ClockReads()
        var scheduler: DelayScheduler<StillClock>? = DelayScheduler(clock: StillClock(onRead: reads.read))
        reads.attach(scheduler)
        // The timer thread reads the clock once with nothing pending, then
        // sleeps until woken.
        #expect(await reads.progress.wait { reads.reads >= 1 })
        // A far delay: the thread reads the clock to look at the heap, and
        // again to sleep until its deadline.
        let start = reads.reads
        let far = scheduler?.schedule(at: .init(offset: .seconds(3_600)), on: .inline) {}
        #expect(await reads.progress.wait { reads.reads >= start + 2 })
        // A nearer delay wakes the thread, which reads the clock to look at
        // the heap (skipped) and again to sleep: that read schedules a delay
        // due now, waking the sleeper from inside the clock's `now`.
        reads.arm(after: 1)
        let near = scheduler?.schedule(at: .init(offset: .seconds(1_800)), on: .inline) {}
        let fired = await reads.progress.wait { reads.fired.withLock { $0 } == 1 }
        #expect(fired)
        _ = far?.cancel()
        _ = near?.cancel()
        // A deadlocked timer thread would hold its sleeper's mutex, which
        // releasing the scheduler takes: on failure, leave it to the cycle
        // through `reads` instead of hanging the test.
        guard fired else { return }
        reads.attach(nil)
        scheduler = nil
        _ = scheduler
    }
}
