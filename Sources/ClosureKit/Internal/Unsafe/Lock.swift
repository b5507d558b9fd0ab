#if canImport(Darwin)
internal import os
#else
// Public so that the inlinable `lock()` and `unlock()` can take the `Mutex`
// and make the sanitizer's two calls.
public import ClosureKitShims
public import Synchronization
#endif

/// The library's one lock, named by a plain pointer to its mutex:
/// `os_unfair_lock` on Darwin, `Synchronization.Mutex` elsewhere.
///
/// A pointer, not an object: the mutex must not move once initialised, and
/// a lock reached through a computed property or a pool (a `LifetimeStorage`'s
/// stripe, a token's) would otherwise cost a retain and a release per use.
/// Buys 51% on `association.read.lifetime` (109 instructions against 222 with
/// `Mutex<Void>` in a final class held strongly) and 23% on `proxy.instead`.
///
/// Soundness: a lock made with ``init()`` belongs to whoever made it, who
/// calls ``destroy()`` from its `deinit` once nothing can use it; copies name
/// the same mutex and never outlive their owner. Locks that live for the
/// whole process (the side table's, ``stripes``) are never destroyed. Not
/// recursive. What may run under a lock and in which order locks nest:
/// ``Locked``. Self-test: `LockTests` (mutual exclusion seen by the thread
/// sanitizer).
///
/// On Linux, ``lock()`` and ``unlock()`` are `Mutex<Void>`'s `_unsafeLock()`
/// and `_unsafeUnlock()` (37 instructions a round trip against 67 for a
/// pthread mutex), inlinable into the library's callers. `Mutex` hands a
/// contended lock over in the kernel, out of the thread sanitizer's sight, so
/// each lock also tells the sanitizer what it did
/// (``Platform/lockAcquired(_:)``, ``Platform/lockReleasing(_:)``: calls into
/// ClosureKitShims, which call `__tsan_acquire` and `__tsan_release` when that
/// file is compiled with the sanitizer and do nothing otherwise).
@usableFromInline
struct Lock: @unchecked Sendable {
    // Untyped, so that inlinable code may hold it without the platform module
    // (Darwin's) being imported publicly.
    @usableFromInline
    let raw: UnsafeMutableRawPointer

    #if canImport(Darwin)
    private var pointer: UnsafeMutablePointer<os_unfair_lock> {
        raw.assumingMemoryBound(to: os_unfair_lock.self)
    }

    /// Allocates and initialises a mutex. Pair with ``destroy()`` unless it
    /// lives for the whole process.
    @usableFromInline
    init() {
        let pointer = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        pointer.initialize(to: os_unfair_lock())
        raw = UnsafeMutableRawPointer(pointer)
    }

    /// Frees the mutex; the lock must not be used afterwards.
    @usableFromInline
    func destroy() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    @usableFromInline
    func lock() {
        os_unfair_lock_lock(pointer)
    }

    @usableFromInline
    func unlock() {
        os_unfair_lock_unlock(pointer)
    }
    #else
    @usableFromInline
    var mutex: UnsafeMutablePointer<Mutex<Void>> {
        raw.assumingMemoryBound(to: Mutex<Void>.self)
    }

    /// Allocates and initialises a mutex. Pair with ``destroy()`` unless it
    /// lives for the whole process.
    @usableFromInline
    init() {
        let pointer = UnsafeMutablePointer<Mutex<Void>>.allocate(capacity: 1)
        pointer.initialize(to: Mutex(()))
        raw = UnsafeMutableRawPointer(pointer)
    }

    /// Frees the mutex; the lock must not be used afterwards.
    @usableFromInline
    func destroy() {
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable @inline(__always)
    func lock() {
        mutex.pointee._unsafeLock()
        Platform.lockAcquired(raw)
    }

    @inlinable @inline(__always)
    func unlock() {
        Platform.lockReleasing(raw)
        mutex.pointee._unsafeUnlock()
    }
    #endif

    /// Runs `body` with the lock held and returns its result.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

#if !canImport(Darwin)
extension Platform {
    /// Tells the thread sanitizer that the ``Lock`` at `lock` was just
    /// taken; nothing when ClosureKitShims is compiled without it.
    @inlinable @inline(__always)
    static func lockAcquired(_ lock: UnsafeMutableRawPointer) {
        closurekit_lock_acquired(lock)
    }

    /// Tells the thread sanitizer that the ``Lock`` at `lock` is about to be
    /// given up; nothing when ClosureKitShims is compiled without it.
    @inlinable @inline(__always)
    static func lockReleasing(_ lock: UnsafeMutableRawPointer) {
        closurekit_lock_releasing(lock)
    }
}
#endif
