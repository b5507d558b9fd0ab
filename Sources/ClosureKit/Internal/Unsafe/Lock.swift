// Public so that the inlinable `lock()` and `unlock()` can take the `Mutex`
// and make the sanitizer's two calls.
public import ClosureKitShims
public import Synchronization

/// The library's one lock: a `Synchronization.Mutex<Void>` named by a plain pointer (it never moves, and a lock
/// reached through a stripe or a token costs no retain and release), locked by `_unsafeLock()`/`_unsafeUnlock()`.
///
/// Sound because a lock made with ``init()`` belongs to its maker, who calls ``destroy()`` from its `deinit` once
/// nothing can use it; copies never outlive it; process-long locks (the side table's, ``stripes``) are never
/// destroyed. Not recursive; what runs under it: ``Locked``. A contended `Mutex` hands over in the kernel, unseen by
/// the thread sanitizer, so each lock calls ClosureKitShims' `closurekit_lock_acquired`/`closurekit_lock_releasing`
/// (`__tsan_acquire`/`__tsan_release` under the sanitizer, empty otherwise). Self-test: `LockTests`. Figure: 51%
/// on `association.read.lifetime` (109 against 222 with `Mutex<Void>` in a final class held strongly).
@usableFromInline
struct Lock: @unchecked Sendable {
    @usableFromInline
    let raw: UnsafeMutableRawPointer

    @usableFromInline
    var mutex: UnsafeMutablePointer<Mutex<Void>> {
        raw.assumingMemoryBound(to: Mutex<Void>.self)
    }

    /// Allocates and initialises a mutex; pair with ``destroy()`` unless it lives for the whole process.
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
}
