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

/// A clock that stands still at its origin: a delay at the origin is due, one
/// after it never is. Each read of `now` calls `onRead` first: a custom
/// clock's `now` is user code, which a test may count or make re-enter.
struct StillClock: Clock {
    struct Instant: InstantProtocol {
        let offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let onRead: @Sendable () -> Void

    var now: Instant {
        onRead()
        return Instant(offset: .zero)
    }

    var minimumResolution: Duration { .nanoseconds(1) }

    /// Time never passes on this clock: no test sleeps on it.
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        throw CancellationError()
    }
}
