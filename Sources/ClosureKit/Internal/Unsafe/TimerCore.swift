import Dispatch

/// The one timer facility behind a clock: a binary min-heap of pending delays
/// ordered by deadline, then by scheduling order, behind one lock.
///
/// Deadlines are whole nanoseconds ("ticks") on the clock's own time line.
/// Subclasses decide how time passes: ``ThreadTimerCore`` sleeps one thread
/// until the earliest deadline; ``ManualClock`` pops due delays when it is
/// advanced.
///
/// ## Entries refer to their records without owning them
///
/// Each record is also the token its owner holds (see ``DelayRecord``), so
/// the heap must not keep it alive: releasing the token cancels the delay. An
/// entry holds an unretained reference, which stays valid because a record
/// never outlives its entry: cancelling removes the entry, and so does the
/// `deinit` of a record that is still pending (it takes the lock first). Each
/// record knows the index of its entry (``DelayRecord/heapIndex``, updated as
/// entries move), so removing any entry is O(log *n*). Heap entries hold
/// everything the ordering needs (deadline and sequence); sifting writes only
/// the moved records' indices. So the heap's reference costs no reference
/// counting, and a cancelled delay leaves no tombstone behind (its measured
/// worth: Benchmarks/HISTORY.md, "Unsafe constructs").
///
/// Popping an entry retains its record with `swift_tryRetain`, which refuses
/// a record whose `deinit` has begun. That `deinit` is then waiting for the
/// lock; the pop notes the record in `dying`, so that the `deinit` knows its
/// entry is already gone.
///
/// - Complexity: insert, cancel and popping the earliest are O(log *n*). A
///   delay scheduled after every pending one and cancelled before any later
///   one (the common case) moves no entry.
class TimerCore: @unchecked Sendable {
    /// One heap slot: an unretained reference to its record (see above).
    struct Entry {
        var deadline: Int64
        var sequence: UInt64
        var record: Unmanaged<DelayRecord>
    }

    /// The heap's storage, in raw memory of its own so that the hot paths pay
    /// neither copy-on-write checks nor dynamic exclusivity checks. Guarded by
    /// `lock` (its measured worth: Benchmarks/HISTORY.md, "Unsafe constructs").
    private struct Heap {
        var entries: UnsafeMutablePointer<Entry>?
        var count = 0
        var capacity = 0
        var nextSequence: UInt64 = 0
        /// Records popped while their `deinit` waited for the lock (rare, and
        /// never more than a few at once).
        var dying: [UnsafeMutableRawPointer] = []
    }

    let lock = Lock()
    private let heap: UnsafeMutablePointer<Heap>

    init() {
        heap = .allocate(capacity: 1)
        heap.initialize(to: Heap())
    }

    deinit {
        // Pending records hold their core, so the heap is empty.
        heap.pointee.entries?.deallocate()
        heap.deinitialize(count: 1)
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
    var pendingCountLocked: Int { heap.pointee.count }

    /// The earliest deadline in the heap.
    var earliestDeadlineLocked: Int64? {
        heap.pointee.count > 0 ? heap.pointee.entries![0].deadline : nil
    }

    /// Inserts `record`; returns whether the caller must call
    /// ``earliestDeadlineChanged()`` after unlocking.
    func insertLocked(_ record: DelayRecord, deadline: Int64) -> Bool {
        record.slot = DelayRecord.State.pending
        let sequence = heap.pointee.nextSequence
        heap.pointee.nextSequence = sequence &+ 1
        if heap.pointee.count == heap.pointee.capacity {
            resize(to: max(16, heap.pointee.capacity * 2))
        }
        let index = heap.pointee.count
        heap.pointee.count = index + 1
        let entry = Entry(deadline: deadline, sequence: sequence, record: Unmanaged.passUnretained(record))
        return siftUp(entry, from: index) == 0 && earliestDeadlineChangedLocked(to: deadline)
    }

    /// Takes a pending record's entry out of the heap (the record was
    /// cancelled, or its owner let go of it).
    @inline(__always)
    func removeLocked(_ record: DelayRecord) {
        let entries = heap.pointee.entries!
        let index = Int(record.heapIndex)
        let last = heap.pointee.count - 1
        heap.pointee.count = last
        if index < last {
            // The last entry fills the hole, then moves up or down to its place.
            let moving = entries[last]
            if index > 0 && Self.precedes(moving, entries[(index - 1) / 2]) {
                _ = siftUp(moving, from: index)
            } else {
                siftDown(moving, from: index, count: last, in: entries)
            }
        }
        shrinkIfSparse()
    }

    /// A pending record's `deinit` began: its entry leaves the heap, unless
    /// a pop already took it out.
    func pendingRecordEndedLocked(_ record: DelayRecord) {
        let address = Unmanaged.passUnretained(record).toOpaque()
        if let index = heap.pointee.dying.firstIndex(of: address) {
            heap.pointee.dying.remove(at: index)
            return
        }
        removeLocked(record)
    }

    /// Pops the earliest delay if it is due at `now`, marking it due, and
    /// returns it retained.
    func popDueLocked(now: Int64) -> DelayRecord? {
        while heap.pointee.count > 0 {
            let entries = heap.pointee.entries!
            guard entries[0].deadline <= now else { return nil }
            let reference = entries[0].record
            removeFirst()
            guard let record = SwiftRuntime.tryRetain(reference) else {
                // Its owner let go and its deinit waits for the lock.
                heap.pointee.dying.append(reference.toOpaque())
                continue
            }
            record.slot = DelayRecord.State.due
            return record
        }
        return nil
    }

    // MARK: - Private

    @inline(__always)
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }

    /// Stores `entry` at `index` and tells its record where it is.
    @inline(__always)
    private static func place(_ entry: Entry, at index: Int, in entries: UnsafeMutablePointer<Entry>) {
        entries[index] = entry
        // A heap of 2³¹ delays would need hundreds of gigabytes.
        entry.record._withUnsafeGuaranteedRef { $0.heapIndex = Int32(truncatingIfNeeded: index) }
    }

    /// Places `entry` at `start` or above; returns its final index.
    @inline(__always)
    private func siftUp(_ entry: Entry, from start: Int) -> Int {
        let entries = heap.pointee.entries!
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard Self.precedes(entry, entries[parent]) else { break }
            Self.place(entries[parent], at: index, in: entries)
            index = parent
        }
        Self.place(entry, at: index, in: entries)
        return index
    }

    /// Removes the root (whose reference the caller has taken over).
    private func removeFirst() {
        let entries = heap.pointee.entries!
        let last = heap.pointee.count - 1
        heap.pointee.count = last
        if last > 0 {
            siftDown(entries[last], from: 0, count: last, in: entries)
        }
        shrinkIfSparse()
    }

    /// Places `moving` at `start` or below, in a heap of `count` entries.
    private func siftDown(_ moving: Entry, from start: Int, count: Int, in entries: UnsafeMutablePointer<Entry>) {
        var index = start
        while true {
            let left = 2 * index + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && Self.precedes(entries[right], entries[left]) ? right : left
            guard Self.precedes(entries[child], moving) else { break }
            Self.place(entries[child], at: index, in: entries)
            index = child
        }
        Self.place(moving, at: index, in: entries)
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

    /// Gives memory back once most of the heap is empty, so that cancelling a
    /// million delays returns their memory at once.
    @inline(__always)
    private func shrinkIfSparse() {
        let capacity = heap.pointee.capacity
        if capacity > 1024 && heap.pointee.count < capacity / 4 {
            resize(to: max(1024, heap.pointee.count * 2))
        }
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
