/// The timer core's binary min-heap of pending delays, ordered by deadline and
/// then by scheduling order, in raw memory, whose entries refer to their
/// records unretained.
///
/// Each record is also the token its owner holds (``DelayRecord``), so the
/// heap must not keep it alive: releasing the token cancels the delay. Sound
/// because a record never outlives its entry: cancelling removes the entry,
/// and so does the `deinit` of a record still pending (``recordEnded(_:)``,
/// under the core's lock, like every call here). Each record knows the index of
/// its entry (``DelayRecord/heapIndex``), so removing any entry is O(log *n*)
/// and a cancelled delay leaves no tombstone. Popping retains a record with
/// `swift_tryRetain`, which refuses a record whose `deinit` has begun (that
/// `deinit` then waits for the lock): the pop notes it in `dying`, so that the
/// `deinit` knows its entry is gone.
///
/// The heap's state is raw memory too, so that the core holds the heap as a
/// `let` and the hot paths pay no dynamic exclusivity check; the core calls
/// ``deallocate()`` from its `deinit`.
///
/// Raw memory and unretained entries buy 35% on `delays.schedule-cancel`
/// (1,169 instructions against 1,800 with a `ContiguousArray` of strong
/// entries in a stored struct: no reference counting, copy-on-write or
/// exclusivity checks on the hot path). Self-tests: `TimerCoreTests`
/// (ordering, cancel from any position, a record released while due).
struct UnretainedDelayHeap {
    private struct Entry {
        var deadline: Int64
        var sequence: UInt64
        var record: Unmanaged<DelayRecord>
    }

    private struct State {
        var entries: UnsafeMutablePointer<Entry>?
        var count = 0
        var capacity = 0
        var nextSequence: UInt64 = 0
        /// Records popped while their `deinit` waited for the lock (rare,
        /// never more than a few at once).
        var dying: [UnsafeMutableRawPointer] = []
    }

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    /// Frees the heap, which must be empty (pending records hold their core,
    /// which holds the heap).
    func deallocate() {
        state.pointee.entries?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    private var entries: UnsafeMutablePointer<Entry>? {
        get { state.pointee.entries }
        nonmutating set { state.pointee.entries = newValue }
    }

    /// The number of pending records.
    private(set) var count: Int {
        get { state.pointee.count }
        nonmutating set { state.pointee.count = newValue }
    }

    private var capacity: Int {
        get { state.pointee.capacity }
        nonmutating set { state.pointee.capacity = newValue }
    }

    /// The earliest deadline, nil when nothing is pending.
    var earliestDeadline: Int64? { count > 0 ? entries![0].deadline : nil }

    /// Inserts `record`; returns whether it became the earliest.
    func insert(_ record: DelayRecord, deadline: Int64) -> Bool {
        let sequence = state.pointee.nextSequence
        state.pointee.nextSequence = sequence &+ 1
        if count == capacity { resize(to: max(16, capacity * 2)) }
        count += 1
        let entry = Entry(deadline: deadline, sequence: sequence, record: .passUnretained(record))
        return siftUp(entry, from: count - 1) == 0
    }

    /// Takes a pending record's entry out (it was cancelled, or its owner let go of it).
    func remove(_ record: DelayRecord) {
        let entries = entries!
        let index = Int(record.heapIndex)
        count -= 1
        if index < count {
            // The last entry fills the hole, then moves up or down to its place.
            let moving = entries[count]
            if index > 0 && Self.precedes(moving, entries[(index - 1) / 2]) {
                _ = siftUp(moving, from: index)
            } else {
                siftDown(moving, from: index)
            }
        }
        shrinkIfSparse()
    }

    /// A pending record's `deinit` began: its entry leaves, unless a pop took it.
    func recordEnded(_ record: DelayRecord) {
        if let index = state.pointee.dying.firstIndex(of: Unmanaged.passUnretained(record).toOpaque()) {
            state.pointee.dying.remove(at: index)
        } else {
            remove(record)
        }
    }

    /// Pops the earliest record if its deadline is at or before `now`, retained.
    func popDue(now: Int64) -> DelayRecord? {
        while count > 0, entries![0].deadline <= now {
            let reference = entries![0].record
            count -= 1
            if count > 0 { siftDown(entries![count], from: 0) }
            shrinkIfSparse()
            if let record = SwiftRuntime.tryRetain(reference) { return record }
            // Its owner let go and its deinit waits for the lock.
            state.pointee.dying.append(reference.toOpaque())
        }
        return nil
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }

    /// Stores `entry` at `index` and tells its record where it is.
    @inline(__always)
    private func place(_ entry: Entry, at index: Int) {
        entries![index] = entry
        // A heap of 2³¹ delays would need hundreds of gigabytes.
        entry.record._withUnsafeGuaranteedRef { $0.heapIndex = Int32(truncatingIfNeeded: index) }
    }

    /// Places `entry` at `start` or above; returns its final index.
    private func siftUp(_ entry: Entry, from start: Int) -> Int {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard Self.precedes(entry, entries![parent]) else { break }
            place(entries![parent], at: index)
            index = parent
        }
        place(entry, at: index)
        return index
    }

    /// Places `moving` at `start` or below.
    private func siftDown(_ moving: Entry, from start: Int) {
        let entries = entries!
        var index = start
        while true {
            let left = 2 * index + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && Self.precedes(entries[right], entries[left]) ? right : left
            guard Self.precedes(entries[child], moving) else { break }
            place(entries[child], at: index)
            index = child
        }
        place(moving, at: index)
    }

    private func resize(to newCapacity: Int) {
        let new = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
        if let old = entries {
            new.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        entries = new
        capacity = newCapacity
    }

    /// Gives memory back once most of the heap is empty, so that cancelling a
    /// million delays returns their memory at once.
    @inline(__always)
    private func shrinkIfSparse() {
        if capacity > 1024 && count < capacity / 4 { resize(to: max(1024, count * 2)) }
    }
}
