import Dispatch

/// The timer core of a real clock: one dispatch timer, armed for the earliest
/// pending deadline, serves every pending delay of the clock.
///
/// Scheduling re-arms the timer only when the new delay is earlier than the
/// time the timer is armed for; cancelling never re-arms (a wake-up with
/// nothing due just re-arms for the next deadline). So a schedule-and-cancel
/// pair costs two short critical sections and no system call in the common
/// case.
final class DispatchTimerCore: TimerCore, @unchecked Sendable {
    private let queue: DispatchQueue
    private let timer: DispatchSourceTimer
    private let now: @Sendable () -> Int64
    /// The deadline the timer is armed for; `.max` when disarmed. Guarded by
    /// the lock.
    private var armed: Int64 = .max

    /// The most delays taken out of the heap in one critical section, so that
    /// a burst of due delays never holds the lock for long.
    private static let batchLimit = 1024

    init(label: String, now: @escaping @Sendable () -> Int64) {
        self.now = now
        queue = DispatchQueue(label: label, qos: .userInteractive)
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        super.init()
        timer.setEventHandler { [unowned self] in self.fire() }
        timer.activate()
    }

    deinit {
        timer.setEventHandler {}
        timer.cancel()
    }

    override func nowTicksLocked() -> Int64 { now() }

    override func earliestDeadlineChangedLocked(to deadline: Int64) {
        if deadline < armed { arm(for: deadline, now: now()) }
    }

    /// Arms the timer; the caller holds the lock.
    private func arm(for deadline: Int64, now current: Int64) {
        armed = deadline
        // Far deadlines are re-checked daily rather than trusted to a single
        // timer across clock changes.
        let wait = min(max(deadline &- current, 0), 86_400_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(Int(wait)), repeating: .never, leeway: .nanoseconds(0))
    }

    private func fire() {
        var fired: [Fired] = []
        while true {
            let current = now()
            let more = lock.withLock { () -> Bool in
                armed = .max
                let more = collectDueLocked(now: current, limit: Self.batchLimit, into: &fired)
                if !more, let earliest = earliestDeadlineLocked {
                    arm(for: earliest, now: current)
                }
                return more
            }
            TimerCore.run(fired)
            fired.removeAll(keepingCapacity: true)
            if !more { break }
        }
    }
}
