internal import Synchronization

/// A counter that writers bump while holding some lock of their own, and that
/// readers load without taking that lock: how ``HandlerGroup`` lets a dispatch
/// skip the per-handler lock when nothing was removed since its snapshot, and
/// a hook point with no hooks skip the lock altogether.
///
/// On `Synchronization.Atomic`: a load is a plain move on x86-64 and arm64,
/// so a dispatch's re-check before each handler, and a hook point's test for
/// hooks, take no lock.
@usableFromInline
struct AtomicCounter: ~Copyable, Sendable {
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
