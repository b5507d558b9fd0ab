// Public so that the inlinable `lock()` and `unlock()` can take the `Mutex`
// and make the sanitizer's two calls.
public import ClosureKitShims
public import Synchronization

/// The library's one lock: a `Synchronization.Mutex<Void>` named by a plain
/// pointer, locked and unlocked by `_unsafeLock()` and `_unsafeUnlock()`
/// (which `Mutex` offers for critical sections that are not one closure).
///
/// A pointer, not an object: the mutex must not move once initialised, and a
/// lock reached through a computed property or a pool (a `LifetimeStorage`'s
/// stripe, a token's) would otherwise cost a retain and a release per use.
/// Buys 51% on `association.read.lifetime` (109 instructions against 222 with
/// `Mutex<Void>` in a final class held strongly) and 23% on `proxy.instead`.
///
/// Soundness: a lock made with ``init()`` belongs to whoever made it, who
/// calls ``destroy()`` from its `deinit` once nothing can use it; copies name
/// the same mutex and never outlive their owner. Locks that live for the
/// whole process (the side table's, ``stripes``) are never destroyed. Not
/// recursive. What may run under a lock and how locks nest: ``Locked``.
/// Self-test: `LockTests` (mutual exclusion, as the thread sanitizer sees it).
///
/// `Mutex` hands a contended lock over in the kernel (a futex on Linux), out
/// of the thread sanitizer's sight, so each lock also tells the sanitizer what
/// it did (`closurekit_lock_acquired` and `closurekit_lock_releasing`,
/// functions of ClosureKitShims' C file, which call `__tsan_acquire` and
/// `__tsan_release` when that file is compiled with the sanitizer and do
/// nothing otherwise, a call and a return each). ``lock()`` and ``unlock()`` are inlinable into the
/// library's callers (`Throttler.send` inlines its critical section).
@usableFromInline
struct Lock: @unchecked Sendable {
    @usableFromInline
    let raw: UnsafeMutableRawPointer

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
        closurekit_lock_acquired(raw)
    }

    @inlinable @inline(__always)
    func unlock() {
        closurekit_lock_releasing(raw)
        mutex.pointee._unsafeUnlock()
    }

    /// Runs `body` with the lock held and returns its result.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
