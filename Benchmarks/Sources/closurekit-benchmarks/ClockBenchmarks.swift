import Clocks
import ClosureKit
import CombineSchedulers
import Foundation

// Test clocks: advancing through 10,000 pending delays (closures) and through
// 10,000 sleeping tasks, with ClosureKit's ManualClock against pointfreeco's
// combine-schedulers `TestScheduler` (closures) and swift-clocks `TestClock`
// (sleeping tasks). Each operation is one delay or one task: scheduled (or
// started and suspended), then run by one advance past all of them.

private final class Count: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

private final class Plain: @unchecked Sendable { var value = 0 }

/// Starts `count` tasks that each sleep for a different number of seconds
/// on `sleep`, waits until `ready` says they are all suspended, advances
/// with `advance` (repeating while tasks are left), and returns when all
/// have finished.
private func sleepers(
    count: Int,
    sleep: @escaping @Sendable (Int) async throws -> Void,
    ready: () -> Bool,
    advance: @escaping @Sendable () async -> Void
) {
    let finished = Count()
    let done = DispatchSemaphore(value: 0)
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(count)
    for index in 0..<count {
        tasks.append(
            Task.detached {
                try? await sleep(index)
                if finished.increment() == count { done.signal() }
            })
    }
    while !ready() { usleep(50) }
    let advancing = DispatchSemaphore(value: 0)
    while finished.current < count {
        Task.detached {
            await advance()
            advancing.signal()
        }
        advancing.wait()
    }
    done.wait()
    blackHole(tasks)
}

let clockSuite = Suite(capability: "test clocks") {
    let capability = "test clocks"
    let count = 10_000
    let ran = Plain()

    // Closures: schedule `n` delays, then one advance runs them all.
    let delays = interleave(
        rounds: 7,
        [
            (
                count,
                { n in
                    let clock = ManualClock()
                    let scheduler = DelayScheduler(clock: clock)
                    var tokens: [CancellationToken] = []
                    tokens.reserveCapacity(n)
                    for index in 0..<n {
                        tokens.append(scheduler.schedule(after: .seconds(index + 1), on: .inline) { ran.value &+= 1 })
                    }
                    clock.advance(by: .seconds(n + 1))
                    blackHole(tokens)
                }
            ),
            (
                count,
                { n in
                    let scheduler = DispatchQueue.test
                    for index in 0..<n {
                        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(index + 1))) { ran.value &+= 1 }
                    }
                    scheduler.advance(by: .seconds(n + 1))
                }
            ),
        ])
    precondition(ran.value >= 2 * 7 * count, "delays did not run")

    // Sleeping tasks.
    let sleeping = interleave(
        rounds: 3,
        [
            (
                count,
                { n in
                    let clock = ManualClock()
                    sleepers(
                        count: n, sleep: { index in try await clock.sleep(for: .seconds(index + 1)) },
                        ready: { clock.pendingCount == n },
                        advance: { clock.advance(by: .seconds(n + 1)) })
                }
            ),
            (
                count,
                { n in
                    let clock = TestClock()
                    let started = Count()
                    sleepers(
                        count: n,
                        sleep: { index in
                            _ = started.increment()
                            try await clock.sleep(for: .seconds(index + 1))
                        }, ready: { started.current == n }, advance: { await clock.advance(by: .seconds(n + 1)) })
                }
            ),
        ])

    return [
        Row(
            capability: capability, name: "advance through 10k pending delays", metric: "ns/delay",
            ours: delays[0], peer: "combine-schedulers TestScheduler", peerValue: delays[1], target: nil),
        Row(
            capability: capability, name: "advance through 10k sleeping tasks", metric: "ns/task",
            ours: sleeping[0], peer: "swift-clocks TestClock", peerValue: sleeping[1], target: nil),
    ]
}
