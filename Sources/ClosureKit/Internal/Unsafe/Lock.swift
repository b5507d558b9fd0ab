#if !canImport(Darwin)
public import Synchronization
#endif

/// The library's one lock, named by a plain pointer: `os_unfair_lock` on
/// Darwin, `Synchronization.Mutex` elsewhere (see "Linux" below).
///
/// Every lock in the package is one of these: an object's own lock
/// (``Locked``, ``HandlerGroup``, the timer heap's), the side table's, and the
/// process-wide ``stripes``. It is a raw pointer rather than an object
/// because the mutex must not move once initialised, and because passing a
/// pointer costs no reference counting: a lock reached through a computed
/// property or a pool (a `LifetimeStorage`'s, a token's) would otherwise pay
/// a retain and a release per use (its measured worth: Benchmarks/HISTORY.md,
/// "Unsafe constructs").
///
/// A lock made with ``init()`` belongs to whoever made it, who calls
/// ``destroy()`` when it ends (from its `deinit`); copies name the same mutex.
/// Locks that live for the whole process (the side table's, the stripes) are
/// never destroyed. Not recursive.
///
/// ## What runs under a lock
///
/// No user code runs while a library lock is held: not a closure, not a
/// capture's or a value's `deinit` (anything user code owns leaves the
/// locked state and is released after unlocking), not a custom clock's
/// `now` (read before the lock is taken, the timer thread's sleeper's
/// mutex included: it is given the reading, not the clock), not a user's
/// `hash(into:)` or `==` (observed key paths are pinned by identity),
/// not an executor's `isIsolatingCurrentContext()` (a handler's claim takes
/// no predicate: readiness is asked before it), and no thread is created
/// under a lock. (One library call does happen under a lock: the side table
/// hands the entries a sweep took out to its end-of-life queue, a
/// `DispatchQueue.async` of a box, in the critical section that took them,
/// so that a later sweep finds them queued; Dispatch may wake a worker for
/// it, and nothing is released or called there.) As swift-async-algorithms writes its channels, a critical
/// section changes state and returns what to do; after unlocking, the
/// caller does it: calls, releases. `NoUserCodeUnderLockTests` and
/// `UserCodeOutsideLocksTests` re-enter the library from each such place.
///
/// ## Lock order
///
/// Every lock is a leaf (nothing else is locked while it is held), with one
/// exception:
///
/// 1. a nested key path's observation (`PathObservation`) wires its
///    dependencies under its own state lock, and each wiring takes the
///    lock of the observed object's `ObservationStorage`; an
///    `ObservationStorage` lock is a leaf, and never calls back into a
///    `PathObservation` while held (its sets deliver after unlocking).
///
/// So the 64 ``stripes`` (a `Lifetime` adopter's storage,
/// a token's cancelled flag, an `ActorDelivery`'s count of waiting events,
/// a `HookStorage`'s list), which two unrelated
/// objects may share, are never nested, and neither are the timer heap's
/// lock, the side table's, a handler group's or a `Locked` value's. The
/// timer thread's sleeper has its own mutex and condition variable, which
/// it takes with no other lock held and calls nothing under: the heap asks
/// for a wake-up after unlocking, and the clock is read before.
///
/// ## Linux
///
/// ``lock()`` and ``unlock()`` are `Mutex<Void>`'s underscored
/// `_unsafeLock()` and `_unsafeUnlock()`, which it offers for critical
/// sections that are not one closure: an uncontended lock and unlock cost
/// markedly less than a pthread mutex's, and every hot path takes at least
/// one (its measured worth: Benchmarks/HISTORY.md, "Unsafe constructs").
/// `Mutex` hands a contended lock over in the kernel (a priority-inheriting
/// futex), out of the thread sanitizer's sight, so each lock also tells the
/// sanitizer what it did: ``Platform/lockAcquired(_:)`` after taking it and
/// ``Platform/lockReleasing(_:)`` before giving it up, two calls into
/// ClosureKitShims' C file, which call the sanitizer's `__tsan_acquire` and
/// `__tsan_release` when that file is compiled with the sanitizer
/// (`swift test --sanitize=thread` compiles every target with it, a user's
/// dependencies included) and do nothing otherwise. The sanitizer so checks
/// the lock that ships, not a stand-in: a lock that failed to exclude would
/// let two threads into one critical section with no ordering between them,
/// which it reports (`LockTests`). Nothing is detected at run time. The
/// calls cost a call and a return each, on every build (Swift cannot see
/// whether its C dependencies are compiled with the sanitizer): measured in
/// Benchmarks/HISTORY.md, "The lock the sanitizer sees". ``lock()`` and
/// ``unlock()`` are inlinable there, so that code the library inlines into
/// its callers (``Locked/withLock(_:)`` under `Throttler.send`, an
/// `ObservableProperty`'s setter) takes the `Mutex` inline rather than
/// through two calls (Benchmarks/HISTORY.md, "The lock inlined into its
/// callers"): `Synchronization` is imported publicly for it here, and
/// ClosureKitShims in `Platform.swift`, which makes the sanitizer's calls.
/// `Mutex` needs macOS 15 and peers on Darwin,
/// above the package's floor, and `os_unfair_lock` is as cheap there (and
/// the sanitizer intercepts it), so Darwin keeps it and the floor stays.

@usableFromInline
struct Lock: @unchecked Sendable {
    // Stored untyped so that inlinable code may hold it without the platform
    // module (Darwin's) being imported publicly.
    @usableFromInline
    let raw: UnsafeMutableRawPointer

    #if canImport(Darwin)
    private var pointer: UnsafeMutablePointer<Platform.Mutex> {
        raw.assumingMemoryBound(to: Platform.Mutex.self)
    }

    /// Allocates and initialises a mutex. Pair with ``destroy()`` unless it
    /// lives for the whole process.
    @usableFromInline
    init() {
        let pointer = UnsafeMutablePointer<Platform.Mutex>.allocate(capacity: 1)
        Platform.initialize(pointer)
        raw = UnsafeMutableRawPointer(pointer)
    }

    /// Frees the mutex; the lock must not be used afterwards.
    @usableFromInline
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

    // MARK: - Stripes

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

/// A value guarded by its own ``Lock``: the internal counterpart of
/// `Synchronization.Mutex` for the Darwin platform floor.
///
/// `@usableFromInline` so that an inlinable hot path, such as
/// `Throttler.send(_:isolation:)`, can be specialised for its caller's types.
@usableFromInline
final class Locked<State>: @unchecked Sendable {
    @usableFromInline
    let lock = Lock()
    /// Only `withLock` touches it, with the lock held. (Its dynamic
    /// exclusivity check was once skipped; measured alone that saved nothing
    /// on its row, so it is checked: Benchmarks/HISTORY.md.)
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
