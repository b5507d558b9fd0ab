/// The delay heap's storage: a growable array in raw memory (so that the core holds the heap as a `let`, with no
/// dynamic exclusivity check) of entries that refer to their records, each its owner's token, unretained.
///
/// Sound because a record never outlives its entry: cancelling removes the entry, and so does the `deinit` of a
/// pending record, under the timer core's lock like every call here; ``retainRecord(of:)`` uses `swift_tryRetain`,
/// which refuses a record whose `deinit` has begun, and that `deinit` then learns from ``forgetRefused(_:)`` that
/// its entry is gone. Self-test: `TimerCoreTests`. Figure: 35% on `delays.schedule-cancel` (1,169 against 1,800 with
/// a `ContiguousArray` of strong entries in a stored struct).
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
        /// Records refused by ``retainRecord(of:)`` whose `deinit` waits for the lock (a few at most).
        var refused: [UnsafeMutableRawPointer] = []
    }

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    /// Frees the storage, which must be empty (pending records hold their core, which holds the heap).
    func deallocate() {
        state.pointee.entries?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var count: Int { state.pointee.count }

    func nextSequence() -> UInt64 {
        defer { state.pointee.nextSequence &+= 1 }
        return state.pointee.nextSequence
    }

    @inline(__always)
    subscript(index: Int) -> Entry { state.pointee.entries![index] }

    /// Stores `entry` at `index` (below ``count``) and tells its record where it is (``DelayRecord/heapIndex``).
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

    /// Forgets the last entry (moved or popped by the caller); gives memory back once most of it is empty.
    @inline(__always)
    func shrink() {
        let state = state
        state.pointee.count -= 1
        let (count, capacity) = (state.pointee.count, state.pointee.capacity)
        if capacity > 1024 && count < capacity / 4 { resize(to: max(1024, count * 2)) }
    }

    /// The record of an entry just taken out, retained, or nil (noted for ``forgetRefused(_:)``) if its `deinit`
    /// has begun.
    func retainRecord(of entry: Entry) -> DelayRecord? {
        if let record = SwiftRuntime.tryRetain(entry.record) { return record }
        state.pointee.refused.append(entry.record.toOpaque())
        return nil
    }

    /// Whether ``retainRecord(of:)`` refused `record`, whose `deinit` now runs; forgets it.
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
