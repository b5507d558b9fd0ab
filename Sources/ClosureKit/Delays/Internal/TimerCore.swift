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
    struct Entry {
        var deadline: Int64
        let record: DelayRecord
    }

    let lock = Lock()
    /// Guarded by `lock`.
    private(set) var heap: ContiguousArray<Entry> = []
    /// Guarded by `lock`.
    private var nextSequence: UInt32 = 0

    init() {}

    // MARK: - Hooks for subclasses (called with the lock held)

    /// The current time in ticks. Called with the lock held.
    func nowTicksLocked() -> Int64 { 0 }

    /// A new earliest deadline was inserted. Called with the lock held.
    func earliestDeadlineChangedLocked(to deadline: Int64) {}

    // MARK: - Heap operations (the caller holds the lock)

    var pendingCountLocked: Int { heap.count }

    func insertLocked(_ record: DelayRecord, deadline: Int64) {
        record.sequence = nextSequence
        nextSequence &+= 1
        let index = heap.count
        heap.append(Entry(deadline: deadline, record: record))
        record.slot = Int32(truncatingIfNeeded: index)
        siftUp(from: index)
        if record.slot == 0 { earliestDeadlineChangedLocked(to: deadline) }
    }

    /// The earliest deadline, if any delay is pending.
    var earliestDeadlineLocked: Int64? { heap.first?.deadline }

    /// Removes the entry at `index`; the record's slot is left for the caller
    /// to set.
    func removeLocked(at index: Int) {
        let last = heap.count - 1
        if index != last {
            heap.swapAt(index, last)
            heap[index].record.slot = Int32(truncatingIfNeeded: index)
        }
        heap.removeLast()
        if index < heap.count {
            if !siftDown(from: index) { siftUp(from: index) }
        }
        shrinkIfSparse()
    }

    /// Pops the earliest delay if it is due at `now`. Marks it due and
    /// returns it with its deadline.
    func popDueLocked(now: Int64) -> Entry? {
        guard let first = heap.first, first.deadline <= now else { return nil }
        removeLocked(at: 0)
        first.record.slot = DelayRecord.State.due
        return first
    }

    // MARK: - Private

    @inline(__always)
    private func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.deadline != b.deadline { return a.deadline < b.deadline }
        return Int32(bitPattern: a.record.sequence &- b.record.sequence) < 0
    }

    private func siftUp(from start: Int) {
        var index = start
        let moving = heap[index]
        while index > 0 {
            let parent = (index - 1) / 2
            guard precedes(moving, heap[parent]) else { break }
            heap[index] = heap[parent]
            heap[index].record.slot = Int32(truncatingIfNeeded: index)
            index = parent
        }
        if index != start {
            heap[index] = moving
            moving.record.slot = Int32(truncatingIfNeeded: index)
        }
    }

    /// Returns whether the entry moved.
    @discardableResult
    private func siftDown(from start: Int) -> Bool {
        var index = start
        let moving = heap[index]
        let count = heap.count
        while true {
            let left = 2 * index + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && precedes(heap[right], heap[left]) ? right : left
            guard precedes(heap[child], moving) else { break }
            heap[index] = heap[child]
            heap[index].record.slot = Int32(truncatingIfNeeded: index)
            index = child
        }
        if index != start {
            heap[index] = moving
            moving.record.slot = Int32(truncatingIfNeeded: index)
            return true
        }
        return false
    }

    /// Gives memory back once most pending delays are gone, so that
    /// cancelling a million delays returns their memory at once.
    private func shrinkIfSparse() {
        let capacity = heap.capacity
        if capacity > 4096 && heap.count < capacity / 4 {
            var smaller = ContiguousArray<Entry>()
            smaller.reserveCapacity(heap.count * 2)
            smaller.append(contentsOf: heap)
            heap = smaller
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
        while count < limit, let entry = popDueLocked(now: now) {
            let record = entry.record
            if record.target == nil {
                if let body = record.claimLocked() {
                    fired.append(Fired(record: record, body: body))
                }
            } else {
                fired.append(Fired(record: record, body: nil))
            }
            count += 1
        }
        guard let first = heap.first else { return false }
        return first.deadline <= now
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
