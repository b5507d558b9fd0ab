internal import ClosureKitShims
import Dispatch

#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
@preconcurrency internal import Glibc
#elseif canImport(Musl)
@preconcurrency internal import Musl
#elseif canImport(Android)
@preconcurrency internal import Android
#endif

/// What the library takes from the C library and from ClosureKitShims (but
/// for the runtime entry points of ``SwiftRuntime`` and the mutex under
/// ``Lock``): the main-thread test, the thread-local slot of
/// ``SenderIsolation``, the system clocks of ``RawClock``, the timer thread
/// and its timer slack.
///
/// Each is a thin wrapper, `@inline(__always)` where it sits on a hot path
/// (the clocks, the thread-local load), so that the wrapper costs nothing over
/// the C call it makes.
@usableFromInline
enum Platform {
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

    /// The slot of ``SenderIsolation``: a C `_Thread_local` integer, 0 on
    /// every thread until set there, read inline (ClosureKitShims). It holds
    /// an actor's identity as a bit pattern, never dereferenced.
    static var senderIsolationSlot: UInt {
        @inline(__always) get { closurekit_get_sender_isolation() }
        @inline(__always) set { closurekit_set_sender_isolation(newValue) }
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

    /// Runs `body` on a thread of its own, which ends when `body` returns: a
    /// serial queue of its own, whose work Dispatch gives a thread even when
    /// every worker of the pool is busy (an overcommitting queue), so a body
    /// that sleeps for long takes no worker from the pool.
    static func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "ClosureKit timer").async(execute: body)
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
}

/// What the timer thread sleeps on: a semaphore, signalled by ``wake()``,
/// waited on with the time left until the next deadline.
///
/// A wake-up between the thread's last look at the heap and its sleep is
/// never lost: it leaves the semaphore signalled, and the sleep returns at
/// once. Only the first wake-up after the thread last woke signals (``woken``),
/// so wake-ups do not pile up into as many empty wake-ups later; one extra
/// empty wake-up can happen (a signal left over after a timed-out wait), and
/// the thread then looks at the heap and sleeps again. Nothing else is locked
/// while the thread waits: the heap asks for a wake-up after unlocking.
final class TimerSleeper: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// Whether a wake-up was signalled since the thread last woke.
    private let woken = Locked(false)

    init() {}

    func wake() {
        let first = woken.withLock { woken in
            defer { woken = true }
            return !woken
        }
        if first { semaphore.signal() }
    }

    /// Sleeps until woken or until the clock reaches `deadline` (nil: no
    /// limit), given the clock's reading `now`, which the caller takes right
    /// before, so that the time spent since it looked at the heap is not
    /// slept again.
    ///
    /// It takes the reading, not the clock: a custom clock's `now` is user
    /// code, which may schedule a delay and so wake this sleeper.
    func sleep(until deadline: Int64?, now: Int64) {
        if let deadline {
            let remaining = deadline &- now
            if remaining > 0 {
                let nanoseconds = Int(Swift.min(remaining, 86_400_000_000_000))
                _ = semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds))
            }
        } else {
            semaphore.wait()
        }
        // Cleared before the caller looks at the heap: a wake-up for work
        // queued after this look signals again.
        woken.withLock { $0 = false }
    }
}
