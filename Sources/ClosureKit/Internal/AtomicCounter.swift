internal import Synchronization

/// A counter that writers bump while holding some lock of their own, and that
/// readers load without taking that lock: how ``HandlerGroup`` lets a dispatch
/// skip the per-handler lock when nothing was removed since its snapshot, and
/// a hook point with no hooks skip the lock altogether.
///
/// ``AtomicBackedCounter`` where `Synchronization.Atomic` is available at the
/// package's platform floor (Linux and other non-Darwin platforms), and
/// ``LockBackedCounter`` on Darwin, where `Atomic` needs macOS 15 and peers,
/// above the floor. Both are compiled, and tested, on every platform.
#if canImport(Darwin)
@usableFromInline
typealias AtomicCounter = LockBackedCounter
#else
@usableFromInline
typealias AtomicCounter = AtomicBackedCounter
#endif

/// A counter on `Synchronization.Atomic`: a load is a plain move on x86-64
/// and arm64, so a dispatch's re-check before each handler, and a hook
/// point's test for hooks, take no lock.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
struct AtomicBackedCounter: ~Copyable, Sendable {
    private let value = Atomic<UInt>(0)

    init() {}

    /// The current count, with acquire ordering.
    @usableFromInline
    func load() -> UInt {
        value.load(ordering: .acquiring)
    }

    /// Adds one, with release ordering.
    @inline(__always)
    func increment() {
        value.wrappingAdd(1, ordering: .releasing)
    }

    /// Subtracts one, with release ordering.
    @inline(__always)
    func decrement() {
        value.wrappingSubtract(1, ordering: .releasing)
    }
}

/// A counter behind a lock of its own, for platforms whose floor lacks
/// `Atomic`: a load costs a lock round trip, about what the look under the
/// group's lock that it spares costs, so there it saves little time; it
/// keeps one code path for every platform.
@usableFromInline
struct LockBackedCounter: ~Copyable, Sendable {
    private let value = Locked<UInt>(0)

    init() {}

    /// The current count; the lock orders it after every earlier change.
    @usableFromInline
    func load() -> UInt {
        value.withLock { $0 }
    }

    /// Adds one.
    @inline(__always)
    func increment() {
        value.withLock { $0 &+= 1 }
    }

    /// Subtracts one.
    @inline(__always)
    func decrement() {
        value.withLock { $0 &-= 1 }
    }
}
