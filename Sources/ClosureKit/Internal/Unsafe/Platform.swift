// Public only so that ``Lock``'s inlinable `lock()` and `unlock()` can make
// the sanitizer's two calls (``lockAcquired(_:)``, ``lockReleasing(_:)``).
public import ClosureKitShims

#if canImport(Darwin)
internal import Darwin
internal import os
#elseif canImport(Glibc)
@preconcurrency internal import Glibc
#elseif canImport(Musl)
@preconcurrency internal import Musl
#elseif canImport(Android)
@preconcurrency internal import Android
#endif

/// Everything the library takes from the C library and from ClosureKitShims
/// (but for the runtime entry points of ``SwiftRuntime``), in the one file
/// that imports the platform module: the mutex under ``Lock``,
/// the thread-local slots of ``SenderIsolation`` and ``AccessTracking``, the
/// main-thread test, the system clocks of
/// ``RawClock``, the timer thread and the condition variable it sleeps on,
/// the test for the thread sanitizer, the timer-slack call, and `memchr`
/// for ``ByteSearch``.
///
/// Each is a thin wrapper, `@inline(__always)` where it sits on a hot path
/// (the mutex, the clocks, the thread-local load), so that the wrapper costs
/// nothing over the C call it makes.
@usableFromInline
enum Platform {
    // MARK: - Mutex

    #if canImport(Darwin)
    typealias Mutex = os_unfair_lock
    #else
    typealias Mutex = pthread_mutex_t
    #endif

    static func initialize(_ mutex: UnsafeMutablePointer<Mutex>) {
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
        #endif
    }

    static func destroy(_ mutex: UnsafeMutablePointer<Mutex>) {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
    }

    @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<Mutex>) {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    @inline(__always)
    static func unlock(_ mutex: UnsafeMutablePointer<Mutex>) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }

    #if !canImport(Darwin)
    /// Tells the thread sanitizer that the ``Lock`` at `lock` was just
    /// taken; nothing when ClosureKitShims is compiled without it (see
    /// ``Lock``, "Linux").
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
    #endif

    // MARK: - Thread identity

    /// Whether the calling thread is the process's first thread, the one
    /// that ran `main`. Where that thread lives, it is the main actor's
    /// executor (it runs the main queue, and nothing else runs Swift code on
    /// it), so a true answer proves that code runs on the main actor; a false
    /// one proves nothing (in an `async` executable the main actor runs on
    /// other threads). On Linux it is a system call (the thread id equals the
    /// process id): ``SenderIsolation`` keeps the answer per thread.
    static func isProcessMainThread() -> Bool {
        #if canImport(Darwin)
        pthread_main_np() != 0
        #else
        closurekit_is_process_main_thread() != 0
        #endif
    }

    // MARK: - Thread-local slots

    /// The slot of ``SenderIsolation``: a C `_Thread_local` pointer, 0 on
    /// every thread until set there, read inline (ClosureKitShims). It holds
    /// an actor's identity as a bit pattern, never dereferenced: the
    /// conversion to and from the slot's raw pointer is here.
    static var senderIsolationSlot: UInt {
        @inline(__always) get { UInt(bitPattern: closurekit_get_sender_isolation()) }
        @inline(__always) set { closurekit_set_sender_isolation(UnsafeMutableRawPointer(bitPattern: newValue)) }
    }

    /// Whether ``accessTracker`` is set on this thread: one thread-local load.
    static var hasAccessTracker: Bool {
        @inline(__always) get { closurekit_get_access_tracker() != nil }
    }

    /// The slot of ``AccessTracking``, like ``senderIsolationSlot``: the
    /// tracker running on this thread, held unretained (`Unmanaged`, since a
    /// C thread-local slot holds a raw pointer); whoever sets it keeps it
    /// alive until it puts the previous value back.
    static var accessTracker: AnyObject? {
        @inline(__always) get {
            closurekit_get_access_tracker().map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
        }
        @inline(__always) set {
            closurekit_set_access_tracker(newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    // MARK: - Clocks

    /// `ContinuousClock`'s time line in nanoseconds: the time since boot,
    /// counting sleep.
    @inline(__always)
    static func continuousNanoseconds() -> Int64 {
        #if canImport(Darwin)
        Int64(truncatingIfNeeded: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
        #else
        read(CLOCK_BOOTTIME)
        #endif
    }

    /// `SuspendingClock`'s time line in nanoseconds: the time since boot,
    /// not counting sleep.
    @inline(__always)
    static func suspendingNanoseconds() -> Int64 {
        #if canImport(Darwin)
        Int64(truncatingIfNeeded: clock_gettime_nsec_np(CLOCK_UPTIME_RAW))
        #else
        read(CLOCK_MONOTONIC)
        #endif
    }

    #if !canImport(Darwin)
    @inline(__always)
    private static func read(_ id: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(id, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
    #endif

    // MARK: - Threads

    private final class ThreadBody {
        let run: () -> Void

        init(_ run: @escaping () -> Void) {
            self.run = run
        }
    }

    /// Starts a detached thread that runs `body` and ends.
    static func startDetachedThread(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Darwin)
                let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
                #else
                let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
                #endif
                body.run()
                return nil
            }, context)
        precondition(result == 0, "ClosureKit could not start its timer thread: pthread_create returned \(result)")
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// Asks Linux to wake the calling thread as close to its deadlines as it
    /// can (`PR_SET_TIMERSLACK`, best effort), so that the timer thread wakes
    /// as close to a deadline as Dispatch's timers do; elsewhere, does
    /// nothing.
    static func setTimerSlack(nanoseconds: UInt) {
        #if os(Linux)
        closurekit_set_timer_slack(nanoseconds)
        #endif
    }

    // MARK: - Byte search

    /// The address of the first `byte` in the `count` bytes at `base`, or nil:
    /// the C library's `memchr`, for ``ByteSearch``.
    @inline(__always)
    static func findByte(_ byte: UInt8, in base: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(base, Int32(byte), count).map { UnsafeRawPointer($0) }
    }
}

/// A condition variable with a "woken" flag, so that a wake-up between a
/// thread's last look at its work and its sleep is never lost: what the
/// timer thread sleeps on.
///
/// The one mutex that is not a ``Lock``: a condition variable needs a
/// pthread mutex (`Synchronization.Mutex` has none to pair with). It guards
/// only the flag; nothing else is locked while it is held, and it is taken
/// with no other lock held (the timer heap asks for a wake-up after
/// unlocking).
final class TimerSleeper: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`.
    private var woken = false

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        #if canImport(Darwin)
        pthread_cond_init(condition, nil)
        #else
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func wake() {
        pthread_mutex_lock(mutex)
        woken = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Sleeps until woken or until the clock reaches `deadline` (nil: no
    /// limit), given the clock's reading `now`, which the caller takes right
    /// before, so that the time spent since it looked at the heap is not
    /// slept again.
    ///
    /// It takes the reading, not the clock: a custom clock's `now` is user
    /// code, which may schedule a delay and so wake this sleeper, taking its
    /// mutex; read under the mutex, that would deadlock the timer thread.
    func sleep(until deadline: Int64?, now: Int64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !woken {
            if let deadline {
                let remaining = deadline &- now
                if remaining > 0 { timedWait(Swift.min(remaining, 86_400_000_000_000)) }
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
        woken = false
    }

    private func timedWait(_ nanoseconds: Int64) {
        #if canImport(Darwin)
        var relative = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        pthread_cond_timedwait_relative_np(condition, mutex, &relative)
        #else
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let total = Int64(deadline.tv_nsec) + nanoseconds % 1_000_000_000
        deadline.tv_sec += Int(nanoseconds / 1_000_000_000 + total / 1_000_000_000)
        deadline.tv_nsec = Int(total % 1_000_000_000)
        pthread_cond_timedwait(condition, mutex, &deadline)
        #endif
    }
}
