import Dispatch

/// The one timer facility behind a clock: a binary min-heap of pending delays
/// ordered by deadline, then by scheduling order, behind one lock.
///
/// Deadlines are whole nanoseconds ("ticks") on the clock's own time line.
/// Subclasses decide how time passes: ``DispatchTimerCore`` arms one dispatch
/// timer for the earliest deadline; ``ManualClock`` pops due delays when it is
/// advanced.
///
/// - Complexity: insert and cancel are O(log *n*) in the number of pending
///   delays; popping the earliest is O(log *n*).
class TimerCore: @unchecked Sendable {
    /// One heap slot: the deadline, and the record, retained by the heap
    /// (manually, so that moving entries during a sift costs no reference
    /// counting).
    struct Entry {
        var deadline: Int64
        var record: Unmanaged<DelayRecord>
    }

    /// The heap's storage, in memory of its own so that the hot paths pay
    /// neither copy-on-write checks nor dynamic exclusivity checks. Guarded
    /// by `lock`.
    private struct Heap {
        var entries: UnsafeMutablePointer<Entry>?
        var count = 0
        var capacity = 0
        var nextSequence: UInt32 = 0
    }

    let lock = Lock()
    private let heap: UnsafeMutablePointer<Heap>

    init() {
        heap = .allocate(capacity: 1)
        heap.initialize(to: Heap())
    }

    deinit {
        // Records still pending are released with the core.
        let state = heap.pointee
        if let entries = state.entries {
            for index in 0..<state.count { entries[index].record.release() }
            entries.deallocate()
        }
        heap.deinitialize(count: 1)
        heap.deallocate()
    }

    // MARK: - Hooks for subclasses (called with the lock held)

    /// The current time in ticks. Called with the lock held.
    func nowTicksLocked() -> Int64 { 0 }

    /// A new earliest deadline was inserted. Called with the lock held.
    func earliestDeadlineChangedLocked(to deadline: Int64) {}

    // MARK: - Heap operations (the caller holds the lock)

    var pendingCountLocked: Int { heap.pointee.count }

    /// The earliest deadline, if any delay is pending.
    var earliestDeadlineLocked: Int64? {
        heap.pointee.count > 0 ? heap.pointee.entries![0].deadline : nil
    }

    func insertLocked(_ record: DelayRecord, deadline: Int64) {
        record.sequence = heap.pointee.nextSequence
        heap.pointee.nextSequence &+= 1
        if heap.pointee.count == heap.pointee.capacity {
            resize(to: max(16, heap.pointee.capacity * 2))
        }
        let index = heap.pointee.count
        heap.pointee.count = index + 1
        heap.pointee.entries!.advanced(by: index).initialize(
            to: Entry(deadline: deadline, record: .passRetained(record)))
        let final = siftUp(from: index)
        if final == 0 { earliestDeadlineChangedLocked(to: deadline) }
    }

    /// Removes the entry at `index` and returns its record, which the caller
    /// releases (after the lock, if it might be the last reference). The
    /// record's slot is left for the caller to set.
    @discardableResult
    func removeLocked(at index: Int) -> DelayRecord {
        let entries = heap.pointee.entries!
        let removed = entries[index].record
        let last = heap.pointee.count - 1
        heap.pointee.count = last
        if index != last {
            let moving = entries[last]
            entries[index] = moving
            moving.record._withUnsafeGuaranteedRef { $0.slot = Int32(truncatingIfNeeded: index) }
            if siftDown(from: index) == index { siftUp(from: index) }
        }
        shrinkIfSparse()
        return removed.takeRetainedValue()
    }

    /// Pops the earliest delay if it is due at `now`. Marks it due and
    /// returns it with its deadline.
    func popDueLocked(now: Int64) -> (deadline: Int64, record: DelayRecord)? {
        guard heap.pointee.count > 0 else { return nil }
        let deadline = heap.pointee.entries![0].deadline
        guard deadline <= now else { return nil }
        let record = removeLocked(at: 0)
        record.slot = DelayRecord.State.due
        return (deadline, record)
    }

    // MARK: - Private

    @inline(__always)
    private func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.deadline != b.deadline { return a.deadline < b.deadline }
        let first = a.record._withUnsafeGuaranteedRef { $0.sequence }
        let second = b.record._withUnsafeGuaranteedRef { $0.sequence }
        return Int32(bitPattern: first &- second) < 0
    }

    @inline(__always)
    private func place(_ entry: Entry, at index: Int, in entries: UnsafeMutablePointer<Entry>) {
        entries[index] = entry
        entry.record._withUnsafeGuaranteedRef { $0.slot = Int32(truncatingIfNeeded: index) }
    }

    /// Returns the entry's final index.
    @discardableResult
    private func siftUp(from start: Int) -> Int {
        let entries = heap.pointee.entries!
        var index = start
        let moving = entries[index]
        while index > 0 {
            let parent = (index - 1) / 2
            guard precedes(moving, entries[parent]) else { break }
            place(entries[parent], at: index, in: entries)
            index = parent
        }
        place(moving, at: index, in: entries)
        return index
    }

    /// Returns the entry's final index.
    private func siftDown(from start: Int) -> Int {
        let entries = heap.pointee.entries!
        let count = heap.pointee.count
        var index = start
        let moving = entries[index]
        while true {
            let left = 2 * index + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && precedes(entries[right], entries[left]) ? right : left
            guard precedes(entries[child], moving) else { break }
            place(entries[child], at: index, in: entries)
            index = child
        }
        place(moving, at: index, in: entries)
        return index
    }

    private func resize(to capacity: Int) {
        let new = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        if let old = heap.pointee.entries {
            new.moveInitialize(from: old, count: heap.pointee.count)
            old.deallocate()
        }
        heap.pointee.entries = new
        heap.pointee.capacity = capacity
    }

    /// Gives memory back once most pending delays are gone, so that
    /// cancelling a million delays returns their memory at once.
    @inline(__always)
    private func shrinkIfSparse() {
        let capacity = heap.pointee.capacity
        if capacity > 1024 && heap.pointee.count < capacity / 4 {
            resize(to: capacity / 2)
        }
    }
}

extension TimerCore {
    /// A delay taken out of the heap at its deadline. `body` is set when the
    /// delay runs inline and was claimed together with the pop.
    struct Fired {
        let record: DelayRecord
        let body: (@Sendable () -> Void)?
    }

    /// Pops up to `limit` due delays into `fired`, claiming those that run
    /// inline in the same critical section. Returns whether more are due.
    func collectDueLocked(now: Int64, limit: Int, into fired: inout [Fired]) -> Bool {
        var count = 0
        while count < limit, let (_, record) = popDueLocked(now: now) {
            if record.target == nil {
                if let body = record.claimLocked() {
                    fired.append(Fired(record: record, body: body))
                }
            } else {
                fired.append(Fired(record: record, body: nil))
            }
            count += 1
        }
        guard let earliest = earliestDeadlineLocked else { return false }
        return earliest <= now
    }

    /// Runs or submits what ``collectDueLocked(now:limit:into:)`` collected,
    /// with no lock held, in deadline order. Consecutive delays bound for the
    /// same queue or executor go there as one job, which checks each delay
    /// again just before running it (so a cancel that lands first wins).
    static func run(_ fired: [Fired]) {
        var index = 0
        while index < fired.count {
            let item = fired[index]
            if let body = item.body {
                body()
                item.record.afterRun()
                index += 1
                continue
            }
            let target = item.record.target
            var end = index + 1
            while end < fired.count, fired[end].body == nil, fired[end].record.target === target {
                end += 1
            }
            if end == index + 1 {
                let record = item.record
                submit(to: target) { record.fire() }
            } else {
                let group = fired[index..<end].map(\.record)
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
