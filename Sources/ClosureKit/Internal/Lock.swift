#if canImport(os)
internal import os
#elseif canImport(Glibc)
@preconcurrency internal import Glibc
#elseif canImport(Musl)
@preconcurrency internal import Musl
#elseif canImport(Bionic)
@preconcurrency internal import Bionic
#endif

/// The library's one lock: `os_unfair_lock` on Darwin, a pthread mutex elsewhere.
///
/// It is not recursive. The house rule is that no user closure is ever called
/// while a `Lock` is held: copy out what to call, unlock, then call.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and peers, above the
/// package's platform floor; this shim keeps the floor at macOS 13.
final class Lock: @unchecked Sendable {
    #if canImport(os)
    private typealias Primitive = os_unfair_lock
    #else
    private typealias Primitive = pthread_mutex_t
    #endif

    // The primitive must not move once initialised, so it lives in its own
    // allocation rather than inline in the class.
    private let primitive: UnsafeMutablePointer<Primitive>

    init() {
        primitive = .allocate(capacity: 1)
        #if canImport(os)
        primitive.initialize(to: os_unfair_lock())
        #else
        primitive.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(primitive, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
        #endif
    }

    deinit {
        #if !canImport(os)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    @inline(__always)
    func lock() {
        #if canImport(os)
        os_unfair_lock_lock(primitive)
        #else
        pthread_mutex_lock(primitive)
        #endif
    }

    @inline(__always)
    func unlock() {
        #if canImport(os)
        os_unfair_lock_unlock(primitive)
        #else
        pthread_mutex_unlock(primitive)
        #endif
    }

    /// Runs `body` with the lock held and returns its result.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value guarded by its own ``Lock``.
///
/// The internal counterpart of `Synchronization.Mutex` for the platform floor.
final class Locked<State>: @unchecked Sendable {
    private let lock = Lock()
    private var state: State

    init(_ initial: State) {
        state = initial
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// A fixed pool of locks shared by many small objects, so that each object does
/// not pay for a lock allocation of its own. An object picks its stripe from its
/// address; contention between unrelated objects on one stripe is rare and brief.
enum LockPool {
    private static let stripes: [Lock] = (0..<64).map { _ in Lock() }

    @inline(__always)
    static func lock(for object: AnyObject) -> Lock {
        let address = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        // Objects are at least 16-byte aligned: drop the low bits before mixing.
        let mixed = ((address >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 32
        return stripes[Int(truncatingIfNeeded: mixed) & 63]
    }
}
