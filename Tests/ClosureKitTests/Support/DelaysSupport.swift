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

/// A serial executor that runs its jobs on a dispatch queue, for the executor
/// tests.
final class DelaysQueueExecutor: SerialExecutor, @unchecked Sendable {
    let queue = DispatchQueue(label: "DelaysQueueExecutor")
    let key = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: key, value: true)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// Signalled for each job the executor receives.
    let enqueued = TestEvent()

    func enqueue(_ job: consuming ExecutorJob) {
        enqueued.signal()
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
