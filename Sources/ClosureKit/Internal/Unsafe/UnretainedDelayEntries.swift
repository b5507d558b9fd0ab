/// The delay heap's storage (``DelayHeap``): a growable array in raw memory
/// of entries that refer to their records unretained.
///
/// Each record is also the token its owner holds (``DelayRecord``), so the
/// heap must not keep it alive: releasing the token cancels the delay. Sound
/// because a record never outlives its entry: cancelling removes the entry,
/// and so does the `deinit` of a record still pending (under the timer
/// core's lock, like every call here). ``retainRecord(of:)`` retains a
/// record with `swift_tryRetain`, which refuses a record whose `deinit` has
/// begun (that `deinit` then waits for the lock); the refused record is
/// noted, so that its `deinit` learns that its entry is gone
/// (``forgetRefused(_:)``).
///
/// The state is raw memory too, so that the core holds the heap as a `let`
/// and the hot paths pay no dynamic exclusivity check; the owner calls
/// ``deallocate()`` once the heap is empty.
///
/// Raw memory and unretained entries buy 35% on `delays.schedule-cancel`
/// (1,169 instructions against 1,800 with a `ContiguousArray` of strong
/// entries in a stored struct: no reference counting, copy-on-write or
/// exclusivity checks on the hot path). Self-tests: `TimerCoreTests`
/// (ordering, cancel from any position, a record released while due).
struct UnretainedDelayEntries {
    struct Entry {
        let deadline: Int64
        let sequence: UInt64
        fileprivate let record: Unmanaged<DelayRecord>

        init(deadline: Int64, sequence: UInt64, record: DelayRecord) {
            self.deadline = deadline
            self.sequence = sequence
            self.record = .passUnretained(record)
        }
    }

    private struct State {
        var entries: UnsafeMutablePointer<Entry>?
        var count = 0
        var capacity = 0
        var nextSequence: UInt64 = 0
        /// Records refused by ``retainRecord(of:)`` whose `deinit` waits for
        /// the lock (rare, never more than a few at once).
        var refused: [UnsafeMutableRawPointer] = []
    }

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    /// Frees the storage, which must be empty (pending records hold their
    /// core, which holds the heap).
    func deallocate() {
        state.pointee.entries?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var count: Int { state.pointee.count }

    /// A number for the next entry, one more than the last one's.
    func nextSequence() -> UInt64 {
        defer { state.pointee.nextSequence &+= 1 }
        return state.pointee.nextSequence
    }

    @inline(__always)
    subscript(index: Int) -> Entry { state.pointee.entries![index] }

    /// Stores `entry` at `index` (below ``count``) and tells its record
    /// where it is (``DelayRecord/heapIndex``).
    @inline(__always)
    func place(_ entry: Entry, at index: Int) {
        state.pointee.entries![index] = entry
        // A heap of 2³¹ delays would need hundreds of gigabytes.
        entry.record._withUnsafeGuaranteedRef { $0.heapIndex = Int32(truncatingIfNeeded: index) }
    }

    /// Makes room for one more entry at the end; the caller places it.
    func grow() {
        let state = state
        if state.pointee.count == state.pointee.capacity { resize(to: max(16, state.pointee.capacity * 2)) }
        state.pointee.count += 1
    }

    /// Forgets the last entry (the caller moved it or popped it), and gives
    /// memory back once most of the storage is empty, so that cancelling a
    /// million delays returns their memory at once.
    @inline(__always)
    func shrink() {
        let state = state
        state.pointee.count -= 1
        let (count, capacity) = (state.pointee.count, state.pointee.capacity)
        if capacity > 1024 && count < capacity / 4 { resize(to: max(1024, count * 2)) }
    }

    /// The entry's record, retained, or nil if its `deinit` has begun (it is
    /// then noted for ``forgetRefused(_:)``). Call it for an entry just taken
    /// out of the heap.
    func retainRecord(of entry: Entry) -> DelayRecord? {
        if let record = SwiftRuntime.tryRetain(entry.record) { return record }
        state.pointee.refused.append(entry.record.toOpaque())
        return nil
    }

    /// Whether ``retainRecord(of:)`` refused `record` (whose `deinit` now
    /// runs, so it has no entry any more); forgets it.
    func forgetRefused(_ record: DelayRecord) -> Bool {
        let address = Unmanaged.passUnretained(record).toOpaque()
        guard let index = state.pointee.refused.firstIndex(of: address) else { return false }
        state.pointee.refused.remove(at: index)
        return true
    }

    private func resize(to newCapacity: Int) {
        let new = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
        if let old = state.pointee.entries {
            new.moveInitialize(from: old, count: state.pointee.count)
            old.deallocate()
        }
        state.pointee.entries = new
        state.pointee.capacity = newCapacity
    }
}
