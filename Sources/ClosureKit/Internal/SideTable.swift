/// The ``LifetimeStorage`` of objects that do not adopt ``Lifetime``, keyed by
/// address.
///
/// Each entry keeps a weak reference to its owner. That reference decides
/// everything about stale entries:
/// - a look-up whose entry's owner is no longer the object asked about (the
///   owner ended and its address was reused) drops the stale entry and treats
///   the object as new, so a newcomer never sees a dead object's values;
/// - a sweep drops every entry whose owner has ended, which releases its
///   values and runs its end-of-life callbacks.
///
/// Sweeping is amortised: every table operation counts, and once the count
/// reaches `max(sweepFloor, 2 × entries)` the operation sweeps. Dead entries are
/// therefore released after at most that many further association or lifetime
/// calls anywhere in the process, or at once by
/// ``ObjectLifetime/releaseEndedObjects()``.
enum SideTable {
    static let sweepFloor = 1024

    private struct Entry {
        weak var owner: AnyObject?
        let storage: LifetimeStorage
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        var operationsSinceSweep = 0
    }

    private static let state = Locked(State())

    /// The storage for `object`, or nil if it has none yet.
    @inline(__always)
    static func existingStorage(for object: AnyObject) -> LifetimeStorage? {
        let address = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        var released: [LifetimeStorage] = []
        let found = state.withLock { state -> LifetimeStorage? in
            defer { countOperation(&state, releasing: &released) }
            guard let entry = state.entries[address] else { return nil }
            if entry.owner === object { return entry.storage }
            // The address belongs to a new object now: the old entry is stale.
            if let stale = state.entries.removeValue(forKey: address) {
                released.append(stale.storage)
            }
            return nil
        }
        // Stale storages are released here, outside the lock: their end-of-life
        // callbacks and the deinit of their values may run user code.
        if !released.isEmpty { released.removeAll() }
        if let found { return found }
        return (object as? any Lifetime)?.lifetimeStorage.bind(to: object)
    }

    /// The storage for `object`, created if needed.
    static func storage(for object: AnyObject) -> LifetimeStorage {
        if let adopter = object as? any Lifetime {
            return adopter.lifetimeStorage.bind(to: object)
        }
        let address = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        var released: [LifetimeStorage] = []
        let storage = state.withLock { state -> LifetimeStorage in
            defer { countOperation(&state, releasing: &released) }
            if let entry = state.entries[address] {
                if entry.owner === object { return entry.storage }
                released.append(entry.storage)
            }
            let storage = LifetimeStorage()
            state.entries[address] = Entry(owner: object, storage: storage)
            return storage
        }
        if !released.isEmpty { released.removeAll() }
        return storage
    }

    /// Drops every entry whose owner has ended. Returns how many it dropped.
    @discardableResult
    static func sweep() -> Int {
        var released: [LifetimeStorage] = []
        state.withLock { state in
            sweep(&state, releasing: &released)
        }
        let count = released.count
        released.removeAll()
        return count
    }

    /// The number of entries, live or not yet swept. For tests and benchmarks.
    static var entryCount: Int {
        state.withLock { $0.entries.count }
    }

    private static func countOperation(_ state: inout State, releasing released: inout [LifetimeStorage]) {
        state.operationsSinceSweep &+= 1
        if state.operationsSinceSweep >= max(sweepFloor, 2 &* state.entries.count) {
            sweep(&state, releasing: &released)
        }
    }

    private static func sweep(_ state: inout State, releasing released: inout [LifetimeStorage]) {
        state.operationsSinceSweep = 0
        state.entries = state.entries.filter { _, entry in
            if entry.owner != nil { return true }
            released.append(entry.storage)
            return false
        }
    }
}
