/// The timer core's binary min-heap of pending delays, ordered by deadline
/// and then by scheduling order. Its entries do not keep their records alive
/// (``UnretainedDelayEntries``): each record is also its owner's token. Every
/// call is made under the timer core's lock.
///
/// Each record knows the index of its entry (``DelayRecord/heapIndex``), so
/// removing any entry is O(log *n*) and a cancelled delay leaves no
/// tombstone.
struct DelayHeap {
    private let entries = UnretainedDelayEntries()

    /// Frees the heap, which must be empty.
    func deallocate() { entries.deallocate() }

    /// The number of pending records.
    var count: Int { entries.count }

    /// The earliest deadline, nil when nothing is pending.
    var earliestDeadline: Int64? { entries.count > 0 ? entries[0].deadline : nil }

    /// Inserts `record`; returns whether it became the earliest.
    func insert(_ record: DelayRecord, deadline: Int64) -> Bool {
        let entry = UnretainedDelayEntries.Entry(deadline: deadline, sequence: entries.nextSequence(), record: record)
        entries.grow()
        return siftUp(entry, from: entries.count - 1) == 0
    }

    /// Takes a pending record's entry out (it was cancelled, or its owner let go of it).
    func remove(_ record: DelayRecord) {
        let index = Int(record.heapIndex)
        let last = entries.count - 1
        if index < last {
            // The last entry fills the hole, then moves up or down to its place.
            let moving = entries[last]
            entries.shrink()
            if index > 0 && Self.precedes(moving, entries[(index - 1) / 2]) {
                _ = siftUp(moving, from: index)
            } else {
                siftDown(moving, from: index)
            }
        } else {
            entries.shrink()
        }
    }

    /// A pending record's `deinit` began: its entry leaves, unless a pop took it.
    func recordEnded(_ record: DelayRecord) {
        if !entries.forgetRefused(record) { remove(record) }
    }

    /// Pops the earliest record if its deadline is at or before `now`, retained.
    func popDue(now: Int64) -> DelayRecord? {
        while entries.count > 0, entries[0].deadline <= now {
            let earliest = entries[0]
            let last = entries[entries.count - 1]
            entries.shrink()
            if entries.count > 0 { siftDown(last, from: 0) }
            // Nil when its owner let go and its deinit waits for the lock.
            if let record = entries.retainRecord(of: earliest) { return record }
        }
        return nil
    }

    private static func precedes(_ a: UnretainedDelayEntries.Entry, _ b: UnretainedDelayEntries.Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }

    /// Places `entry` at `start` or above; returns its final index.
    private func siftUp(_ entry: UnretainedDelayEntries.Entry, from start: Int) -> Int {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard Self.precedes(entry, entries[parent]) else { break }
            entries.place(entries[parent], at: index)
            index = parent
        }
        entries.place(entry, at: index)
        return index
    }

    /// Places `moving` at `start` or below.
    private func siftDown(_ moving: UnretainedDelayEntries.Entry, from start: Int) {
        let count = entries.count
        var index = start
        while true {
            let left = 2 * index + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && Self.precedes(entries[right], entries[left]) ? right : left
            guard Self.precedes(entries[child], moving) else { break }
            entries.place(entries[child], at: index)
            index = child
        }
        entries.place(moving, at: index)
    }
}
