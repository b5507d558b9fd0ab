#if !canImport(Darwin)
internal import Synchronization
#endif

/// A counter that writers bump while holding some lock of their own, and that
/// readers load without taking that lock: how ``HandlerList`` lets a dispatch
/// skip the per-handler lock when nothing was removed since its snapshot.
///
/// On Linux and other non-Darwin platforms it is a `Synchronization.Atomic`
/// (a load is a plain move on x86-64 and arm64). `Atomic` needs macOS 15 and
/// peers, above the package's floor, so on Darwin it falls back to a lock of
/// its own, which costs what the per-handler check cost before.
@usableFromInline
struct AtomicCounter: ~Copyable, @unchecked Sendable {
    #if canImport(Darwin)
    private let value = Locked<UInt>(0)

    init() {}

    /// The current count, with acquire ordering.
    @usableFromInline
    func load() -> UInt {
        value.withLock { $0 }
    }

    /// Adds one, with release ordering.
    @inline(__always)
    func increment() {
        value.withLock { $0 &+= 1 }
    }

    @inline(__always)
    func decrement() {
        value.withLock { $0 &-= 1 }
    }
    #else
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

    @inline(__always)
    func decrement() {
        value.wrappingSubtract(1, ordering: .releasing)
    }
    #endif
}
