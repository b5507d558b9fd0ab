import Dispatch

/// The ``LifetimeStorage`` of objects that do not adopt ``Lifetime``, keyed by
/// address.
///
/// How an entry tells its owner's end, and why a newcomer at a reused address
/// never sees a dead object's values, depends on the platform (the two
/// strategies are ``PinnedOwnerReference`` and ``WeakOwnerReference``, both
/// compiled everywhere; `SideTable.OwnerReference` picks one):
///
/// - Where every object is a native Swift object (Linux and other platforms
///   without the Objective-C runtime), an entry holds an `unowned` reference
///   to its owner. An unowned reference keeps the object's memory allocated
///   after it ends (its stored properties are released as usual), so no new
///   object can take its address while the entry exists: an entry found at an
///   address belongs to the object asked about. A sweep asks the runtime
///   whether each owner is deallocating. Unlike a weak reference, this gives
///   the object no side table, so its own retains and releases stay on the
///   fast path, and a read costs no reference counting on the owner.
/// - With the Objective-C runtime (Apple platforms), objects may be
///   Objective-C objects, for which unowned references do not pin memory, so
///   an entry holds a weak reference: a look-up whose entry's owner is no
///   longer the object asked about drops the stale entry, and a sweep drops
///   entries whose weak reference reads nil.
///
/// Ended objects are found by sweeps, and ended on the end-of-life queue
/// (``endOfLifeQueue``, serial): releasing an entry runs its end-of-life
/// callbacks and releases its values, which is user code, so it never runs
/// inside a user's unrelated call. Two things sweep:
///
/// - the end-of-life queue itself, every ``sweepInterval`` while the table
///   has entries (it stops when the table is empty, and starts again with
///   the next entry); ``sweepTimer`` decides when that interval has passed
///   (tests replace it with one they fire by hand, see
///   ``replaceSweepTimer(with:)``);
/// - a table operation (a write, a removal, an end-of-life registration;
///   not a read), once the operations since the last sweep reach
///   `max(sweepFloor, 2 × entries left by the last sweep)`, so that the
///   table stays bounded between the queue's sweeps; it hands what it found
///   to the queue. (Measured against the entries left by the last sweep, not
///   the current ones: otherwise churning new objects, each adding an entry
///   per operation, would raise the bar as fast as the count and never
///   sweep.)
///
/// Whatever a sweep or an operation takes out of the table is handed to the
/// queue in the same critical section. So once a sweep has taken the lock
/// after another, everything the other found is already on the queue:
/// ``ObjectLifetime/releaseEndedObjects()`` followed by draining the queue
/// (`endOfLifeQueue.sync {}`) ends every object that had ended before it,
/// with no waiting and no retry.
///
/// ``ObjectLifetime/releaseEndedObjects()`` sweeps at once and ends what it
/// finds on the calling thread; what a concurrent call found ends on that
/// call's thread, and may still be ending when this one returns.
///
/// One lock guards the table and the storages in it, so that a read takes a
/// single lock.
@usableFromInline
enum SideTable {
    static let sweepFloor = 1024

    /// How often the end-of-life queue sweeps while the table has entries:
    /// what the periodic sweep asks ``sweepTimer`` for.
    static let sweepInterval = DispatchTimeInterval.seconds(10)

    /// Where ended objects that do not adopt ``Lifetime`` end: their
    /// end-of-life callbacks run, and their values are released, here.
    static let endOfLifeQueue = DispatchQueue(label: "ClosureKit.end-of-life")

    private final class Entry {
        let owner: OwnerReference
        let storage: LifetimeStorage

        init(owner: AnyObject, address: UInt, storage: LifetimeStorage) {
            self.owner = OwnerReference(owner: owner, address: address)
            self.storage = storage
        }

        /// Whether this entry belongs to `object`, a live object found at the
        /// entry's address.
        @inline(__always)
        func isOwned(by object: AnyObject) -> Bool {
            owner.isOwned(by: object)
        }

        /// Whether the owner has ended (see
        /// ``SideTableOwnerReference/ownerHasEnded(loaded:)``).
        func ownerHasEnded(loaded: inout [AnyObject]) -> Bool {
            owner.ownerHasEnded(loaded: &loaded)
        }
    }

    private struct State {
        var entries = AddressTable<Entry>()
        var operationsSinceSweep = 0
        var operationsBeforeSweep = SideTable.sweepFloor
        /// Classes known not to adopt ``Lifetime``, by metadata address (which
        /// never moves), so that a read on an object with no values does not
        /// repeat a protocol-conformance look-up each time.
        var nonAdopters = AddressTable<Bool>()
        /// Whether the end-of-life queue has a sweep scheduled.
        var sweepScheduled = false
        /// What runs the periodic sweep after ``sweepInterval``.
        var sweepTimer: any SweepTimer = DispatchSweepTimer()
        /// Counts timer replacements: a sweep asked of a replaced timer does
        /// nothing when it fires.
        var sweepGeneration = 0
    }

    /// The lock that guards the table and the storages in it. Immortal.
    @usableFromInline
    static let lock = Lock()

    /// The table's state: a constant box, so that the state changes through
    /// a `static let` and needs no unsafe annotation.
    private final class StateBox: @unchecked Sendable {
        /// Read and written only with ``SideTable/lock`` held, which is what
        /// makes the box `Sendable`.
        var state = State()
    }

    private static let table = StateBox()

    /// The box stored under `id` on `object`, which may or may not adopt
    /// ``Lifetime``. The hot path of every association read.
    @usableFromInline
    static func box(for id: Int, on object: AnyObject) -> AnyObject? {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        lock.lock()
        if let entry = table.state.entries[address], entry.isOwned(by: object) {
            let box = entry.storage.boxWhileLocked(for: id)
            lock.unlock()
            return box
        }
        let typeAddress = UInt(bitPattern: ObjectIdentifier(type(of: object)))
        let knownNonAdopter = table.state.nonAdopters[typeAddress] != nil
        lock.unlock()
        // No live entry: either the object adopts Lifetime, or it has no values
        // (a stale entry at this address is dropped by the next write or sweep).
        if knownNonAdopter { return nil }
        guard let adopter = object as? any Lifetime else {
            lock.lock()
            table.state.nonAdopters.insert(true, for: typeAddress)
            lock.unlock()
            return nil
        }
        return adopter.lifetimeStorage.box(for: id)
    }

    /// Stores `box` under `id` on `object` (nil removes) and returns the box it
    /// replaced, for the caller to release after the lock. The hot path of
    /// every association write: one critical section when the object already
    /// has an entry.
    @usableFromInline
    static func replaceBox(for id: Int, on object: AnyObject, with box: AnyObject?) -> AnyObject? {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        var released: [Entry] = []
        lock.lock()
        if let entry = liveEntry(at: address, for: object, releasing: &released) {
            let old = entry.storage.replaceBoxWhileLocked(for: id, with: box)
            countOperation(releasing: &released)
            endLater(&released)
            lock.unlock()
            return old
        }
        endLater(&released)
        lock.unlock()
        if let adopter = object as? any Lifetime {
            return adopter.lifetimeStorage.replaceBox(for: id, with: box, owner: object)
        }
        // Removing from an object with no values has nothing to do.
        guard let box else { return nil }
        return storage(for: object).replaceBox(for: id, with: box)
    }

    /// ``LifetimeStorage/updateBoxWhileLocked(for:_:)`` on `object`'s entry,
    /// in one critical section; false when the object has no entry here.
    @usableFromInline
    static func updateBox(for id: Int, on object: AnyObject, _ update: (AnyObject) -> Bool) -> Bool {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        var released: [Entry] = []
        lock.lock()
        var updated = false
        if let entry = liveEntry(at: address, for: object, releasing: &released) {
            updated = entry.storage.updateBoxWhileLocked(for: id, update)
            countOperation(releasing: &released)
        }
        endLater(&released)
        lock.unlock()
        return updated
    }

    /// The storage for `object`, or nil if it has none yet.
    static func existingStorage(for object: AnyObject) -> LifetimeStorage? {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        var released: [Entry] = []
        lock.lock()
        let found = liveEntry(at: address, for: object, releasing: &released)
        countOperation(releasing: &released)
        // Stale entries end on the end-of-life queue: their end-of-life
        // callbacks and the deinit of their values may run user code.
        endLater(&released)
        lock.unlock()
        if let found { return found.storage }
        return (object as? any Lifetime)?.lifetimeStorage.bind(to: object)
    }

    /// The storage for `object`, created if needed.
    @usableFromInline
    static func storage(for object: AnyObject) -> LifetimeStorage {
        if let adopter = object as? any Lifetime {
            return adopter.lifetimeStorage.bind(to: object)
        }
        let address = UInt(bitPattern: ObjectIdentifier(object))
        var released: [Entry] = []
        lock.lock()
        let storage: LifetimeStorage
        if let entry = liveEntry(at: address, for: object, releasing: &released) {
            storage = entry.storage
        } else {
            storage = LifetimeStorage(guardedBySideTable: ())
            let entry = Entry(owner: object, address: address, storage: storage)
            table.state.entries.insert(entry, for: address)
        }
        countOperation(releasing: &released)
        endLater(&released)
        let pending = armSweepLocked()
        lock.unlock()
        pending?.start()
        return storage
    }

    /// Drops every entry whose owner has ended. Returns how many it dropped.
    @discardableResult
    static func sweep() -> Int {
        var released: [Entry] = []
        lock.lock()
        sweep(releasing: &released)
        lock.unlock()
        let count = released.count
        released.removeAll()
        return count
    }

    /// Ends the entries a table operation found ended, on the end-of-life
    /// queue. They move into a box that the queue empties, so that no
    /// reference to them stays with the caller (whose release could
    /// otherwise be the last, and end them on the caller's thread).
    ///
    /// Called with the lock held, so that taking entries out and handing
    /// them over is one step (see the type's discussion): nothing is
    /// released here, and submitting to a dispatch queue runs no user code.
    private static func endLater(_ released: inout [Entry]) {
        guard !released.isEmpty else { return }
        let handoff = Handoff()
        swap(&handoff.entries, &released)
        endOfLifeQueue.async { handoff.entries.removeAll() }
    }

    /// What is handed to the end-of-life queue.
    private final class Handoff: @unchecked Sendable {
        /// Written by the caller before the hand-over, then by the queue.
        var entries: [Entry] = []
        /// Live owners a sweep loaded (see ``sweep(releasing:)``).
        var owners: [AnyObject] = []
    }

    /// A periodic sweep to ask of a timer, once the lock is released.
    private struct PendingSweep {
        let timer: any SweepTimer
        let generation: Int

        func start() {
            let generation = self.generation
            timer.schedule(after: SideTable.sweepInterval) { SideTable.periodicSweep(generation: generation) }
        }
    }

    /// The periodic sweep to start once the lock is released: one when the
    /// table has entries and none is scheduled, otherwise nil.
    private static func armSweepLocked() -> PendingSweep? {
        guard !table.state.sweepScheduled, table.state.entries.count > 0 else { return nil }
        table.state.sweepScheduled = true
        return PendingSweep(timer: table.state.sweepTimer, generation: table.state.sweepGeneration)
    }

    /// The end-of-life queue's sweep, which ``sweepTimer`` runs on the queue
    /// after ``sweepInterval``: it drops and ends the entries whose owners
    /// have ended, keeps the others, and asks for the next sweep while
    /// entries remain. A sweep asked of a timer that has since been
    /// replaced does nothing (the replacement asked its own).
    static func periodicSweep(generation: Int) {
        var released: [Entry] = []
        var next: PendingSweep?
        lock.lock()
        if generation == table.state.sweepGeneration {
            sweep(releasing: &released)
            table.state.sweepScheduled = false
            next = armSweepLocked()
        }
        lock.unlock()
        released.removeAll()
        next?.start()
    }

    /// Makes `timer` run the periodic sweep from now on, and returns the
    /// timer it replaces. For tests, which fire their timer by hand; put
    /// the old one back when done.
    ///
    /// A sweep the old timer has pending does nothing when it fires; if the
    /// table has entries, `timer` is asked for a sweep at once.
    static func replaceSweepTimer(with timer: any SweepTimer) -> any SweepTimer {
        lock.lock()
        let old = table.state.sweepTimer
        table.state.sweepTimer = timer
        table.state.sweepGeneration &+= 1
        table.state.sweepScheduled = false
        let pending = armSweepLocked()
        lock.unlock()
        pending?.start()
        return old
    }

    /// Whether a periodic sweep is scheduled. For tests.
    static var isSweepScheduled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return table.state.sweepScheduled
    }

    /// The number of entries, live or not yet swept. For tests and benchmarks.
    static var entryCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return table.state.entries.count
    }

    // MARK: - Private; the caller holds the lock

    private static func liveEntry(at address: UInt, for object: AnyObject, releasing released: inout [Entry]) -> Entry?
    {
        guard let entry = table.state.entries[address] else { return nil }
        if entry.isOwned(by: object) { return entry }
        // The address belongs to a new object now: the old entry is stale.
        table.state.entries.remove(address)
        released.append(entry)
        return nil
    }

    private static func countOperation(releasing released: inout [Entry]) {
        table.state.operationsSinceSweep &+= 1
        if table.state.operationsSinceSweep >= table.state.operationsBeforeSweep {
            sweep(releasing: &released)
        }
    }

    private static func sweep(releasing released: inout [Entry]) {
        table.state.operationsSinceSweep = 0
        var loaded: [AnyObject] = []
        // Asked with the entries out of the state: no access to the state
        // spans a call into the runtime.
        var entries = AddressTable<Entry>()
        swap(&entries, &table.state.entries)
        released += entries.removeAll { $0.ownerHasEnded(loaded: &loaded) }
        swap(&entries, &table.state.entries)
        // The live owners the check loaded are released on the end-of-life
        // queue, not here: another thread may have let go of one meanwhile,
        // and its deinit must not run under the lock.
        if !loaded.isEmpty {
            let handoff = Handoff()
            swap(&handoff.owners, &loaded)
            endOfLifeQueue.async { handoff.owners.removeAll() }
        }
        table.state.operationsBeforeSweep = max(sweepFloor, 2 &* table.state.entries.count)
    }
}

/// What decides when the side table's periodic sweep runs.
///
/// The library's own timer is ``DispatchSweepTimer``; tests put in one that
/// they fire by hand (``SideTable/replaceSweepTimer(with:)``), so that no
/// test waits for the real interval.
protocol SweepTimer: AnyObject, Sendable {
    /// Runs `sweep` on ``SideTable/endOfLifeQueue`` once `interval` has
    /// passed. Called with no lock held; `sweep` takes the table's lock.
    func schedule(after interval: DispatchTimeInterval, _ sweep: @escaping @Sendable () -> Void)
}

/// The side table's sweep timer outside tests: the end-of-life queue's own
/// `asyncAfter`.
final class DispatchSweepTimer: SweepTimer {
    func schedule(after interval: DispatchTimeInterval, _ sweep: @escaping @Sendable () -> Void) {
        SideTable.endOfLifeQueue.asyncAfter(deadline: .now() + interval, execute: sweep)
    }
}
