import Dispatch

@testable import ClosureKit

/// A thread-safe log of what delayed closures did, for the Delays tests.
final class DelaysLog<Element: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private var storage: [Element] = []

    func append(_ element: Element) {
        lock.withLock { storage.append(element) }
    }

    var elements: [Element] {
        lock.withLock { storage }
    }

    var count: Int {
        lock.withLock { storage.count }
    }
}

/// A thread-safe counter, for the Delays tests.
final class DelaysCounter: @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private var storage = 0

    func increment() {
        lock.withLock { storage += 1 }
    }

    var value: Int {
        lock.withLock { storage }
    }
}

/// An object whose end the Delays tests watch through a weak reference.
final class DelaysProbe: @unchecked Sendable {
    let name: String
    init(_ name: String = "probe") { self.name = name }
}

/// An object that adopts `Lifetime`, so that its end is noticed at once.
final class DelaysOwner: Lifetime, @unchecked Sendable {
    let lifetimeStorage = LifetimeStorage()
}

/// Runs `body` once the delays of a real clock have had a chance to run:
/// waits for `condition` with a generous timeout (never asserting on speed).
func delaysWait(
    timeout: Duration = .seconds(20),
    until condition: @escaping @Sendable () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        if clock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// A serial executor that runs its jobs on a dispatch queue, for the executor
/// tests.
final class DelaysQueueExecutor: SerialExecutor, @unchecked Sendable {
    let queue = DispatchQueue(label: "DelaysQueueExecutor")
    let key = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: key, value: true)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Yields until `condition` holds, and returns whether it did: a bounded
/// spin (at most about ten seconds of attempts), so that a bug fails the test
/// instead of hanging it. Never asserts on speed.
func delaysYield(until condition: @Sendable () -> Bool) async -> Bool {
    for attempt in 0..<20_000 {
        if condition() { return true }
        if attempt % 100 == 99 {
            try? await Task.sleep(for: .milliseconds(1))
        } else {
            await Task.yield()
        }
    }
    return condition()
}
