/// The library's one lock primitive: `os_unfair_lock` on Darwin, a pthread
/// mutex elsewhere (``Platform/Mutex``).
///
/// A plain pointer, so that passing it around costs no reference counting;
/// ``Lock`` owns one and frees it. The pool's primitives live for the whole
/// process. Not recursive.
@usableFromInline
struct LockPrimitive: @unchecked Sendable {
    typealias Primitive = Platform.Mutex

    // The primitive must not move once initialised, so it lives in its own
    // allocation. Stored untyped so that inlinable code may hold it without
    // the platform module being imported publicly.
    @usableFromInline
    let raw: UnsafeMutableRawPointer

    private var pointer: UnsafeMutablePointer<Primitive> {
        raw.assumingMemoryBound(to: Primitive.self)
    }

    /// Allocates and initialises a primitive. Pair with ``destroy()`` unless
    /// it lives for the whole process.
    static func make() -> LockPrimitive {
        let pointer = UnsafeMutablePointer<Primitive>.allocate(capacity: 1)
        Platform.initialize(pointer)
        return LockPrimitive(raw: UnsafeMutableRawPointer(pointer))
    }

    private init(raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    func destroy() {
        Platform.destroy(pointer)
        pointer.deallocate()
    }

    @usableFromInline
    func lock() {
        Platform.lock(pointer)
    }

    @usableFromInline
    func unlock() {
        Platform.unlock(pointer)
    }

    /// Runs `body` with the lock held and returns its result.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock that owns its primitive: the library's lock with a `withLock`
/// spelling (pthread mutex on Linux, `os_unfair_lock` on Darwin).
///
/// The house rule is that no user closure is ever called while a `Lock` is
/// held: copy out what to call, unlock, then call.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and peers, above the
/// package's platform floor; this shim keeps the floor at macOS 13.
@usableFromInline
final class Lock: @unchecked Sendable {
    @usableFromInline
    let primitive = LockPrimitive.make()

    @usableFromInline
    init() {}

    deinit {
        primitive.destroy()
    }

    @inlinable @inline(__always)
    func lock() {
        primitive.lock()
    }

    @inlinable @inline(__always)
    func unlock() {
        primitive.unlock()
    }

    /// Runs `body` with the lock held and returns its result.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        primitive.lock()
        defer { primitive.unlock() }
        return try body()
    }
}

/// A value guarded by its own ``Lock``.
///
/// The internal counterpart of `Synchronization.Mutex` for the platform floor.
///
/// `@usableFromInline` (with its lock) so that an inlinable hot path, such as
/// `Throttler.send(_:)`, can be specialised for its caller's types.
@usableFromInline
final class Locked<State>: @unchecked Sendable {
    @usableFromInline
    let lock = Lock()
    /// Only `withLock` touches it, with the lock held, so the lock already
    /// guarantees exclusive access: the dynamic exclusivity check is skipped.
    /// It cost a throttled `Throttler.send` about 130 of its 214 instructions
    /// (Benchmarks: "Throttler.send while throttled", callgrind).
    @usableFromInline @exclusivity(unchecked)
    var state: State

    @usableFromInline
    init(_ initial: State) {
        state = initial
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// A fixed pool of locks shared by many small objects, so that each object does
/// not pay for a lock allocation of its own. An object picks its stripe from its
/// address; contention between unrelated objects on one stripe is rare and brief.
///
/// The primitives live for the whole process.
@usableFromInline
enum LockPool {
    @usableFromInline
    static let stripes: [LockPrimitive] = (0..<64).map { _ in LockPrimitive.make() }

    @inlinable
    static func lock(for object: AnyObject) -> LockPrimitive {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        // Objects are at least 16-byte aligned: the multiply mixes the high bits down.
        let mixed = ((address >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 58
        return stripes[Int(truncatingIfNeeded: mixed)]
    }
}

/// The lock of one or more handler cores (see ``AnyHandlerCore``), with the
/// count of entries removed under it.
///
/// A dispatch reads the count together with its snapshot; while the count is
/// unchanged nothing was removed, so a handler of the snapshot is still
/// registered and is called without taking the lock again. Benchmark rows:
/// "control events · per extra handler" and "observation · per extra
/// observer" (a lock round trip per handler otherwise).
@usableFromInline
final class HandlerLock: @unchecked Sendable {
    @usableFromInline
    let primitive = LockPrimitive.make()

    /// Bumped, under the lock, whenever an entry leaves a core guarded by it.
    @usableFromInline
    let removals = AtomicCounter()

    /// The number of entries registered in the cores guarded by this lock,
    /// readable without it: a hook point whose count is zero calls the
    /// original directly (benchmark row: "hook points · no hooks").
    @usableFromInline
    let live = AtomicCounter()

    init() {}

    deinit {
        primitive.destroy()
    }

    @usableFromInline
    func lock() {
        primitive.lock()
    }

    @usableFromInline
    func unlock() {
        primitive.unlock()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        primitive.lock()
        defer { primitive.unlock() }
        return try body()
    }
}
