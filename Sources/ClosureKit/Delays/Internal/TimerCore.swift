import Dispatch

/// The one timer facility behind a clock: a binary min-heap of pending delays
/// ordered by deadline, then by scheduling order, behind one lock
/// (``DelayHeap``, whose entries do not keep their records alive:
/// each record is also its owner's token).
///
/// Deadlines are whole nanoseconds ("ticks") on the clock's own time line.
/// Subclasses decide how time passes: ``ThreadTimerCore`` sleeps one thread
/// until the earliest deadline; ``ManualClock`` pops due delays when it is
/// advanced.
///
/// - Complexity: insert, cancel and popping the earliest are O(log *n*). A
///   delay scheduled after every pending one and cancelled before any later
///   one (the common case) moves no entry.
class TimerCore: @unchecked Sendable {
    let lock = Lock()
    /// Guarded by `lock`.
    private let heap = DelayHeap()

    init() {}

    deinit {
        heap.deallocate()
        lock.destroy()
    }

    // MARK: - Hooks for subclasses (called with the lock held)

    /// The current time in ticks, read with no lock held: a real core asks
    /// its clock, which may be the user's (`Clock.now` is user code and never
    /// runs under the lock); a manual core takes its lock.
    func currentTicks() -> Int64 { 0 }

    /// A new earliest deadline was inserted. Called with the lock held;
    /// returns whether ``earliestDeadlineChanged()`` must run once the lock
    /// is released (waking or starting the timer thread happens then, never
    /// under the lock).
    func earliestDeadlineChangedLocked(to deadline: Int64) -> Bool { false }

    /// What ``earliestDeadlineChangedLocked(to:)`` asked for, with no lock
    /// held.
    func earliestDeadlineChanged() {}

    // MARK: - Heap operations (the caller holds the lock)

    /// Pending delays: the entries in the heap.
    var pendingCountLocked: Int { heap.count }

    /// The earliest deadline in the heap.
    var earliestDeadlineLocked: Int64? { heap.earliestDeadline }

    /// Inserts `record`; returns whether the caller must call
    /// ``earliestDeadlineChanged()`` after unlocking.
    func insertLocked(_ record: DelayRecord, deadline: Int64) -> Bool {
        record.slot = DelayRecord.State.pending
        return heap.insert(record, deadline: deadline) && earliestDeadlineChangedLocked(to: deadline)
    }

    /// Takes a pending record's entry out of the heap (the record was
    /// cancelled, or its owner let go of it).
    @inline(__always)
    func removeLocked(_ record: DelayRecord) {
        heap.remove(record)
    }

    /// A pending record's `deinit` began: its entry leaves the heap, unless
    /// a pop already took it out.
    func pendingRecordEndedLocked(_ record: DelayRecord) {
        heap.recordEnded(record)
    }

    /// Pops the earliest delay if it is due at `now`, marking it due, and
    /// returns it retained.
    func popDueLocked(now: Int64) -> DelayRecord? {
        guard let record = heap.popDue(now: now) else { return nil }
        record.slot = DelayRecord.State.due
        return record
    }
}

extension TimerCore {
    /// Pops up to `limit` due delays into `fired`. None is claimed here: each
    /// is claimed under the lock just before its closure runs
    /// (``DelayRecord/fire()``), so that a closure of the batch that cancels
    /// a later one prevents it. Returns whether more are due.
    func collectDueLocked(now: Int64, limit: Int, into fired: inout [DelayRecord]) -> Bool {
        var count = 0
        while count < limit, let record = popDueLocked(now: now) {
            fired.append(record)
            count += 1
        }
        guard let earliest = earliestDeadlineLocked else { return false }
        return earliest <= now
    }

    /// Runs or submits what ``collectDueLocked(now:limit:into:)`` collected,
    /// with no lock held, in deadline order. Consecutive delays bound for the
    /// same queue or executor (or inline) go there as one job, which claims
    /// each delay just before running it (so a cancel that lands first wins).
    static func run(_ fired: [DelayRecord]) {
        var index = 0
        while index < fired.count {
            let target = fired[index].target
            var end = index + 1
            while end < fired.count, fired[end].target === target {
                end += 1
            }
            if end == index + 1 {
                let record = fired[index]
                submit(to: target) { record.fire() }
            } else {
                let group = fired[index..<end]
                submit(to: target) { for record in group { record.fire() } }
            }
            index = end
        }
    }

    static func submit(to target: AnyObject?, _ job: @escaping @Sendable () -> Void) {
        if let queue = target as? DispatchQueue {
            queue.async(execute: job)
        } else if let runner = target as? ExecutorRunner {
            runner.submit(job)
        } else {
            job()
        }
    }
}
