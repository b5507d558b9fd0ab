/// A value guarded by its own ``Lock``, as `Synchronization.Mutex` or NIO's
/// `NIOLockedValueBox` guard theirs: `Sendable` only when the value is.
///
/// `@usableFromInline` so that an inlinable hot path, such as
/// `Throttler.send(_:isolation:)`, can be specialised for its caller's types.
///
/// ## What runs under a lock
///
/// No user code runs while a library lock is held: not a closure, not a
/// capture's or a value's `deinit` (what user code owns leaves the locked
/// state and is released after unlocking), not a custom clock's `now` (read
/// before the lock is taken), not a user's `hash(into:)` or `==` (observed key
/// paths are pinned by identity), not an executor's
/// `isIsolatingCurrentContext()` (a handler's claim takes no predicate), and no
/// thread is created under a lock. As in swift-async-algorithms' channels, a
/// critical section changes state and returns what to do; after unlocking,
/// the caller does it. The one library call made under a lock: the side table
/// hands the entries a sweep took out to its end-of-life queue (a
/// `DispatchQueue.async` of a box) in the critical section that took them, so
/// that a later sweep finds them queued. `NoUserCodeUnderLockTests` and
/// `UserCodeOutsideLocksTests` re-enter the library from each such place.
///
/// ## Lock order
///
/// A lock is a leaf (nothing else is locked while it is held) except where
/// this list says:
///
/// 1. a nested key path's observation (`PathObservation`) wires its
///    dependencies under its own state lock, and each wiring takes the lock
///    of the observed object's `ObservationStorage`, a leaf that never calls
///    back into a `PathObservation` while held.
/// 2. a tracked read of an `@ObservableProperty` (a registration finding the
///    properties its key path reads) assigns the property's slot under its
///    `ObservationStorage` lock, which takes `SlotTable`'s lock, a leaf.
///
/// So the 64 ``Lock/stripes``, which two unrelated objects may share, are
/// never nested inside one another. The timer thread's sleeper takes its
/// semaphore with no lock held.
@usableFromInline
final class Locked<State> {
    @usableFromInline
    let lock = Lock()
    /// Only `withLock` touches it, with the lock held.
    @usableFromInline
    var state: State

    @usableFromInline
    init(_ initial: State) {
        state = initial
    }

    deinit {
        lock.destroy()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

extension Locked: @unchecked Sendable where State: Sendable {}

extension Lock {
    /// 64 locks shared by many small objects (tokens, the storages of
    /// ``Lifetime`` adopters), so that each object does not pay for a lock
    /// allocation of its own. They live for the whole process.
    @usableFromInline
    static let stripes: [Lock] = (0..<64).map { _ in Lock() }

    /// The stripe of `object`, picked from its address; contention between
    /// unrelated objects on one stripe is rare and brief.
    @inlinable
    static func striped(for object: AnyObject) -> Lock {
        striped(for: ObjectIdentifier(object))
    }

    /// The stripe of the object `identifier` names: for an initialiser, which
    /// would retain `self` to pass it as `AnyObject`.
    @inlinable
    static func striped(for identifier: ObjectIdentifier) -> Lock {
        let address = UInt(bitPattern: identifier)
        // Objects are at least 16-byte aligned: the multiply mixes the high bits down.
        let mixed = ((address >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 58
        return stripes[Int(truncatingIfNeeded: mixed)]
    }
}
