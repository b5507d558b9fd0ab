/// The timer core of a real clock: one thread, asleep until the earliest
/// pending deadline, serves every pending delay of the clock.
///
/// The thread pops what is due, runs inline delays itself and hands the others
/// to their queues or executors (one hop, as `asyncAfter` has), then sleeps on
/// a condition variable until the next deadline. Scheduling wakes it only when
/// the new delay is earlier than the deadline it sleeps for; cancelling never
/// wakes it (a wake-up with nothing due just sleeps again). So a
/// schedule-and-cancel pair costs two short critical sections and no system
/// call in the common case.
final class ThreadTimerCore: TimerCore, @unchecked Sendable {
    let nowTicks: @Sendable () -> Int64
    private let sleeper = TimerSleeper()
    /// The deadline the thread sleeps for; `.max` when it sleeps without
    /// one. Guarded by the lock.
    private var armed: Int64 = .max
    /// Set when the scheduler that owns the core is released: the thread then
    /// ends once no delay is pending. Guarded by the lock.
    private var retiring = false
    /// Whether a thread serves the core. A retired core's thread may have
    /// ended when a repeating delay that was running re-inserts itself; a new
    /// thread then takes over. Guarded by the lock.
    private var threadRunning = true
    /// Set under the lock when a thread must be started, which happens once
    /// the lock is released. Guarded by the lock.
    private var startsThread = false

    /// The most delays taken out of the heap in one critical section, so that
    /// a burst of due delays never holds the lock for long.
    private static let batchLimit = 1024

    init(now: @escaping @Sendable () -> Int64) {
        self.nowTicks = now
        super.init()
        TimerThread.start(core: self, sleeper: sleeper)
    }

    /// The owning scheduler was released: let the thread end once the
    /// pending delays have run or been cancelled.
    func retire() {
        lock.withLock { retiring = true }
        sleeper.wake()
    }

    override func currentTicks() -> Int64 { nowTicks() }

    override func earliestDeadlineChangedLocked(to deadline: Int64) -> Bool {
        if !threadRunning {
            threadRunning = true
            armed = .max
            startsThread = true
            return true
        }
        if deadline < armed {
            armed = deadline
            return true
        }
        return false
    }

    /// Starts the thread that ``earliestDeadlineChangedLocked(to:)`` found
    /// missing, or wakes the sleeping one for its earlier deadline: after
    /// the heap's lock is released. A wake-up that comes after the thread
    /// looked at the heap is kept by the sleeper's flag, so none is lost.
    override func earliestDeadlineChanged() {
        let start = lock.withLock { () -> Bool in
            defer { startsThread = false }
            return startsThread
        }
        if start {
            TimerThread.start(core: self, sleeper: sleeper)
        } else {
            sleeper.wake()
        }
    }

    /// Runs everything that is due; returns the deadline (in ticks) to sleep
    /// until, nil to sleep until woken, or `.min` when the thread should end.
    /// Called on the timer thread.
    fileprivate func serviceDue() -> Int64? {
        var fired: [DelayRecord] = []
        while true {
            let current = nowTicks()
            let (more, wait) = lock.withLock { () -> (Bool, Int64?) in
                let more = collectDueLocked(now: current, limit: Self.batchLimit, into: &fired)
                if more { return (true, nil) }
                guard let earliest = earliestDeadlineLocked else {
                    if retiring {
                        threadRunning = false
                        return (false, .min)
                    }
                    // Nothing pending. Keep sleeping until the deadline the
                    // thread was last armed for, if it is still ahead: a delay
                    // scheduled later than that then needs no wake-up (the
                    // common schedule-then-cancel pattern never wakes the
                    // thread at all).
                    if armed != .max && armed > current { return (false, armed) }
                    armed = .max
                    return (false, nil)
                }
                armed = earliest
                return (false, earliest)
            }
            TimerCore.run(fired)
            fired.removeAll(keepingCapacity: true)
            if !more { return wait }
        }
    }
}

/// The timer thread's loop. It holds its core strongly (a weak reference
/// would give the core a side table and make every retain of it, one per
/// scheduled delay, several times slower); the owning scheduler's deinit
/// retires the core, and the thread ends once nothing is pending.
private enum TimerThread {
    final class Context: Sendable {
        let core: ThreadTimerCore
        let sleeper: TimerSleeper

        init(core: ThreadTimerCore, sleeper: TimerSleeper) {
            self.core = core
            self.sleeper = sleeper
        }
    }

    static func start(core: ThreadTimerCore, sleeper: TimerSleeper) {
        let context = Context(core: core, sleeper: sleeper)
        Platform.startDetachedThread { TimerThread.run(context) }
    }

    static func run(_ context: Context) {
        reduceTimerSlack()
        while true {
            let deadline = context.core.serviceDue()
            if deadline == .min { return }
            // The clock is read before the sleeper's mutex is taken: its
            // `now` may be a custom clock's, which may schedule an earlier
            // delay and so wake the sleeper (see TimerSleeper).
            let now = deadline == nil ? 0 : context.core.nowTicks()
            context.sleeper.sleep(until: deadline, now: now)
        }
    }
}

/// Linux lets a sleeping thread wake up to 50 µs late by default ("timer
/// slack"); the timer thread asks for 1 ns, best effort, so that delays fire
/// as close to their deadline as `asyncAfter`'s do (libdispatch's timers are
/// timerfd-based and have no slack).
private func reduceTimerSlack() {
    Platform.setTimerSlack(nanoseconds: 1)
}
