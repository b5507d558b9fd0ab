import Dispatch
import Foundation
import Testing

@testable import ClosureKit

// The concurrency stress harness: for each concurrent part, many rounds in
// which several threads send, cancel, register and advance a manual clock in
// an order drawn from a seeded generator, then, once the threads are done,
// the part's invariants are checked. Thread interleavings still vary from run
// to run; the operations each thread makes do not, so a failure names its
// round and seed. CLOSUREKIT_STRESS_ROUNDS sets the rounds per part (CI runs
// each part's default under the thread sanitizer; 100,000 is a deep run).

@Suite("Concurrency stress: seeded rounds against each concurrent part, invariants checked after each")
struct ConcurrencyStressTests {
    /// Rounds per part: `CLOSUREKIT_STRESS_ROUNDS`, or `fallback`.
    static func rounds(_ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment["CLOSUREKIT_STRESS_ROUNDS"].flatMap(Int.init) ?? fallback
    }

    @Test("Throttler: no window open without an end, no value twice, the next value runs at once")
    func throttler() {
        var violations: [String] = []
        for round in 0..<Self.rounds(300) {
            let clock = ManualClock()
            let ran = RunTally()
            let throttler = try! Throttler<Int>(
                for: .microseconds(2), scheduler: DelayScheduler(clock: clock), on: .inline
            ) { ran.count($0) }
            let ends = RunTally()
            StressRound(seed: UInt64(round)).run(workers: 4, steps: 32) { worker, step, random in
                switch random.next(8) {
                case 0:
                    ends.count(0)
                    clock.advance(by: .microseconds(1))
                case 1:
                    ends.count(0)
                    throttler.cancel()
                default: throttler.send(worker * 1_000 + step)
                }
            }
            clock.advance(by: .microseconds(4))
            clock.advance(by: .microseconds(4))
            // A window opens with one value and ends with at most one more,
            // and only a clock advance or a cancel ends it.
            if ran.total > 2 * (ends.total + 3) { violations.append("round \(round): \(ran.total) values ran") }
            if throttler.state.withLock({ $0.windowOpen }) { violations.append("round \(round): window left open") }
            if let twice = ran.twice() { violations.append("round \(round): \(twice) ran twice") }
            throttler.send(-1)
            if ran.times(-1) != 1 { violations.append("round \(round): the next value did not run at once") }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test("Debouncer: no value twice, nothing pending after the quiet time, the next value runs once")
    func debouncer() {
        var violations: [String] = []
        for round in 0..<Self.rounds(300) {
            let clock = ManualClock()
            let ran = RunTally()
            let debouncer = try! Debouncer<Int>(
                for: .microseconds(2), scheduler: DelayScheduler(clock: clock), on: .inline
            ) { ran.count($0) }
            let advances = RunTally()
            StressRound(seed: UInt64(round)).run(workers: 4, steps: 32) { worker, step, random in
                switch random.next(8) {
                case 0:
                    advances.count(0)
                    clock.advance(by: .microseconds(1))
                case 1: debouncer.cancel()
                default: debouncer.send(worker * 1_000 + step)
                }
            }
            clock.advance(by: .microseconds(4))
            // One value waits at a time (and, for a moment, one each sender
            // has replaced), and only a clock advance runs one.
            if ran.total > advances.total + 5 { violations.append("round \(round): \(ran.total) values ran") }
            if let twice = ran.twice() { violations.append("round \(round): \(twice) ran twice") }
            let before = ran.total
            debouncer.send(-1)
            clock.advance(by: .microseconds(2))
            if ran.times(-1) != 1 || ran.total != before + 1 {
                violations.append("round \(round): after the quiet time, one value ran \(ran.total - before)×")
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test("DelayScheduler: a repeating delay cancelled with true starts no tick after; the others keep ticking")
    func repeatingDelays() {
        var violations: [String] = []
        for round in 0..<Self.rounds(300) {
            let clock = ManualClock()
            let scheduler = DelayScheduler(clock: clock)
            let ticks = RunTally()
            let ledger = Locked<[Int: (token: CancellationToken, ticksAtCancel: Int?)]>([:])
            StressRound(seed: UInt64(round)).run(workers: 3, steps: 24) { worker, step, random in
                switch random.next(6) {
                case 0, 1: clock.advance(by: .microseconds(1))
                case 2:
                    let victim = worker * 1_000 + random.next(step + 1)
                    guard let token = ledger.withLock({ $0[victim]?.token }), token.cancel() else { return }
                    let seen = ticks.times(victim)
                    ledger.withLock { $0[victim]?.ticksAtCancel = seen }
                default:
                    let id = worker * 1_000 + step
                    let token = try! scheduler.scheduleRepeating(every: .microseconds(1), on: .inline) {
                        ticks.count(id)
                    }
                    ledger.withLock { $0[id] = (token, nil) }
                }
            }
            // A delay inserted while another thread's advance was ending can
            // be due already (its start was read before that advance): an
            // advance to now runs it, so that the period below starts even.
            clock.advance(by: .zero)
            let before = ticks.all
            clock.advance(by: .microseconds(1))
            for (id, entry) in ledger.withLock({ $0 }) {
                let now = ticks.times(id)
                if let atCancel = entry.ticksAtCancel {
                    // One tick may have been under way when cancel() returned.
                    if now > atCancel + 1 { violations.append("round \(round): \(id) ticked after its cancel") }
                } else if now != before[id, default: 0] + 1 {
                    violations.append("round \(round): \(id) ticked \(now - before[id, default: 0])× in one period")
                }
                entry.token.cancel()
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test("handler lists: after concurrent adds, cancels and sends, a send reaches exactly the live handlers")
    func handlerLists() {
        var violations: [String] = []
        for round in 0..<Self.rounds(300) {
            let handlers = SendableEventHandlers<Int>()
            let calls = RunTally()
            let ledger = Locked<[Int: (token: CancellationToken, once: Bool, cancelled: Bool)]>([:])
            StressRound(seed: UInt64(round)).run(workers: 4, steps: 24) { worker, step, random in
                switch random.next(6) {
                case 0:
                    let victim = worker * 1_000 + random.next(step + 1)
                    guard let token = ledger.withLock({ $0[victim]?.token }), token.cancel() else { return }
                    ledger.withLock { $0[victim]?.cancelled = true }
                case 1, 2: handlers.send(step)
                default:
                    let id = worker * 1_000 + step
                    let once = random.next(3) == 0
                    let token = handlers.add(options: once ? .once : []) { _ in calls.count(id) }
                    ledger.withLock { $0[id] = (token, once, false) }
                }
            }
            let entries = ledger.withLock { $0 }
            for (id, entry) in entries where entry.once && calls.times(id) > 1 {
                violations.append("round \(round): once handler \(id) ran \(calls.times(id))×")
            }
            let before = calls.all
            handlers.send(-1)
            for (id, entry) in entries {
                let spent = entry.once && before[id, default: 0] > 0
                let expected = entry.cancelled || spent ? 0 : 1
                if calls.times(id) - before[id, default: 0] != expected {
                    violations.append("round \(round): handler \(id) ran for the last send, expected \(expected)×")
                }
                entry.token.cancel()
            }
            if !handlers.isEmpty { violations.append("round \(round): a handler stayed after every token ended") }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test("EventSequence: every value from concurrent senders arrives once, in each sender's order; ending frees it")
    func eventSequences() async {
        var violations: [String] = []
        for round in 0..<max(1, Self.rounds(300) / 10) {
            let handlers = SendableEventHandlers<Int>()
            var iterator = handlers.events(buffering: .unbounded).makeAsyncIterator()
            let senders = 3
            let perSender = 100
            let sent = Task.detached {
                StressRound(seed: UInt64(round)).run(workers: senders, steps: perSender) { worker, step, _ in
                    handlers.send(worker * 1_000 + step)
                }
            }
            var received: [Int] = []
            while received.count < senders * perSender, let value = await iterator.next() { received.append(value) }
            await sent.value
            for worker in 0..<senders {
                let mine = received.filter { $0 / 1_000 == worker }
                if mine != (0..<perSender).map({ worker * 1_000 + $0 }) {
                    violations.append("round \(round): sender \(worker)'s values arrived as \(mine.prefix(8))…")
                }
            }
            _ = consume iterator
            if !handlers.isEmpty { violations.append("round \(round): the ended sequence stayed registered") }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test("ActorDelivery: sends from many threads reach an actor's handler once each, in each sender's order")
    func actorDelivery() async {
        var violations: [String] = []
        for round in 0..<max(1, Self.rounds(300) / 10) {
            let handlers = SendableEventHandlers<Int>()
            let inbox = StressInbox()
            let token = await inbox.listen(to: handlers)
            let senders = 3
            let perSender = 100
            StressRound(seed: UInt64(round)).run(workers: senders, steps: perSender) { worker, step, _ in
                handlers.send(worker * 1_000 + step)
            }
            let received = await inbox.waitFor(senders * perSender)
            for worker in 0..<senders {
                let mine = received.filter { $0 / 1_000 == worker }
                if mine != (0..<perSender).map({ worker * 1_000 + $0 }) {
                    violations.append("round \(round): sender \(worker)'s values arrived as \(mine.prefix(8))…")
                }
            }
            #expect(token.cancel())
            handlers.send(-1)
            if await inbox.received.contains(-1) { violations.append("round \(round): a send after cancel arrived") }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }
}

/// One round: `workers` threads, each making `steps` steps whose choices
/// come from a generator seeded with the round's seed and the worker.
struct StressRound {
    let seed: UInt64

    func run(workers: Int, steps: Int, _ step: @Sendable (Int, Int, inout SeededRandom) -> Void) {
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ UInt64(worker))
            for index in 0..<steps { step(worker, index, &random) }
        }
    }
}

/// SplitMix64: a small generator whose sequence depends only on its seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(bound))
    }
}

/// How many times each value was seen.
final class RunTally: Sendable {
    private let counts = Locked<[Int: Int]>([:])

    func count(_ value: Int) { counts.withLock { $0[value, default: 0] += 1 } }
    func times(_ value: Int) -> Int { counts.withLock { $0[value, default: 0] } }
    var all: [Int: Int] { counts.withLock { $0 } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
    /// A value seen more than once, if any.
    func twice() -> Int? { counts.withLock { $0.first { $0.value > 1 }?.key } }
}

/// An actor whose handler collects what reaches it.
actor StressInbox {
    private(set) var received: [Int] = []

    func listen(to handlers: SendableEventHandlers<Int>) -> CancellationToken {
        handlers.add { self.received.append($0) }
    }

    /// The values, once `count` have arrived.
    func waitFor(_ count: Int) async -> [Int] {
        while received.count < count { await Task.yield() }
        return received
    }
}
