import Dispatch
import Testing

@testable import ClosureKit

// The delay scheduler's promises under concurrent use, checked as
// invariants over many rounds: two threads schedule and cancel while a
// third advances the manual clock. A delay whose `cancel()` answered true
// never runs; every other delay runs exactly once, once the clock has
// passed its deadline; nothing runs twice.

@Suite("DelayScheduler under concurrent schedules, cancels and clock advances")
struct DelaySchedulerConcurrencyTests {
    /// What happened to each delay of a round, by its number.
    private final class Ledger: Sendable {
        let runs = Locked<[Int: Int]>([:])
        let cancelled = Locked<Set<Int>>([])

        func ran(_ id: Int) { runs.withLock { $0[id, default: 0] += 1 } }
    }

    @Test("a delay cancelled with true never runs; every other runs exactly once")
    func cancelledNeverRunsOthersRunOnce() {
        let rounds = 300
        let perWorker = 40
        var violations: [String] = []
        for round in 0..<rounds {
            let clock = ManualClock()
            let scheduler = DelayScheduler(clock: clock)
            let ledger = Ledger()
            let tokens = Locked<[Int: CancellationToken]>([:])
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                for step in 0..<perWorker {
                    if worker == 2 {
                        clock.advance(by: .microseconds(1))
                        continue
                    }
                    let id = worker * perWorker + step
                    let token = scheduler.schedule(after: .microseconds(Int64(step % 3)), on: .inline) {
                        ledger.ran(id)
                    }
                    // Every other delay is cancelled at once, racing the
                    // clock thread that may be running it.
                    if step.isMultiple(of: 2), token.cancel() {
                        ledger.cancelled.withLock { _ = $0.insert(id) }
                    }
                    tokens.withLock { $0[id] = token }
                }
            }
            // Past every deadline: every delay not cancelled has run.
            clock.advance(by: .microseconds(10))
            let runs = ledger.runs.withLock { $0 }
            let cancelled = ledger.cancelled.withLock { $0 }
            for id in 0..<(2 * perWorker) {
                let count = runs[id, default: 0]
                if cancelled.contains(id) && count != 0 { violations.append("round \(round): \(id) ran after cancel") }
                if !cancelled.contains(id) && count != 1 { violations.append("round \(round): \(id) ran \(count)×") }
            }
            tokens.withLock { $0.removeAll() }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }
}
