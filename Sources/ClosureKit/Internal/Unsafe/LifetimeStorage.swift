/// The per-object record behind ``Lifetime``: end-of-life callbacks and
/// associated values.
///
/// An adopter of ``Lifetime`` holds one in a stored property; the library keeps
/// one in its side table for every other object it is asked about. When the
/// storage is released, it runs the end-of-life callbacks in registration
/// order, then releases the associated values.
///
/// It has no public API besides its initializer: reach it through
/// ``ObjectLifetime`` and ``Association``.
public final class LifetimeStorage: @unchecked Sendable {
    /// Guards the fields below. A stripe
    /// (``Lock/striped(for:)-(ObjectIdentifier)``) for adopters of ``Lifetime``;
    /// the side table's own lock for storages it holds, so that a side-table
    /// read takes one lock. Both are immortal. Stored, so that a read finds it
    /// with one load. (Its exclusivity check was once skipped; measured alone
    /// that saved nothing, so it is checked: Benchmarks/HISTORY.md.)
    private(set) var lock: Lock
    /// Every access happens under `lock`, which keeps accesses exclusive, so
    /// they skip the runtime's dynamic exclusivity checks (its measured worth:
    /// Benchmarks/HISTORY.md, "Unsafe constructs").
    @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    /// The newest ``EndCallback``, which links to the older ones; nil when
    /// none was registered. Guarded by `lock`, like `slots`.
    ///
    /// The callbacks are a chain of ``EndCallback`` records, newest first (the
    /// chain is reversed when they run, in registration order), rather than a
    /// list of the handler engine: they are dispatched once,
    /// when the storage ends and nothing can register any more, so they need
    /// none of the engine's snapshots, removal counts, positions or `.once`.
    /// What they share with every registration is kept: each callback runs at
    /// most once, never after its token's `cancel()` has returned (each is
    /// claimed under the lock just before it runs), with no lock held, and a
    /// cancelled callback's captures are released at once. A registration costs
    /// its token, its record and no allocation in the storage: no list, core,
    /// entry, entries array or snapshot, as an engine list would need.
    ///
    /// A cancelled record leaves the chain at the next registration's sweep, so
    /// the chain holds at most about twice the callbacks still registered (plus
    /// a few); a sweep is O(*n*) once every *n* registrations.
    private var newestEndCallback: EndCallback?
    /// Records in the chain (cancelled ones included), and the count at which
    /// the next registration sweeps the cancelled ones out. Guarded by `lock`.
    private var endCallbackRecords = 0
    private var endCallbackSweepAt = EndCallback.firstSweep
    /// Guarded by `lock`, like `slots`.
    private var ownerAddress: UInt = 0

    /// Creates empty storage, for the stored property of a ``Lifetime`` adopter.
    public init() {
        // A placeholder: the stripe is picked from the storage's own address,
        // known from here on.
        lock = Lock.stripes[0]
        lock = Lock.striped(for: ObjectIdentifier(self))
    }

    /// Creates storage guarded by the side table's lock, for the side table.
    init(guardedBySideTable: ()) {
        lock = SideTable.lock
    }

    deinit {
        // The owner has ended (for adopters, this runs inside the owner's own
        // deinitialisation). Callbacks first, then associated values, both with
        // no lock held.
        runEndCallbacks()
    }

    // MARK: - Owner binding

    /// Records the owning object the first time, and traps if the storage is
    /// later reached through a different object.
    ///
    /// Sharing one storage between two objects would mix their values and
    /// callbacks; it is a programming error, so it traps.
    @usableFromInline
    func bind(to owner: AnyObject) -> LifetimeStorage {
        lock.lock()
        checkOwnerLocked(ObjectIdentifier(owner))
        lock.unlock()
        return self
    }

    /// ``bind(to:)`` for a caller that holds the lock: records `owner` the
    /// first time, and traps (after unlocking) if it is another object.
    private func checkOwnerLocked(_ owner: ObjectIdentifier) {
        let address = UInt(bitPattern: owner)
        if ownerAddress == 0 { ownerAddress = address }
        guard ownerAddress == address else {
            lock.unlock()
            preconditionFailure(
                "A LifetimeStorage belongs to exactly one object: declare `let lifetimeStorage = LifetimeStorage()` "
                    + "in each adopter of Lifetime; do not share or return one instance."
            )
        }
    }

    // MARK: - End of life

    /// Registers an end-of-life callback, at the head of the chain. With
    /// `owner` (an adopter of ``Lifetime``), checks in the same critical
    /// section that the storage belongs to it (see ``bind(to:)``).
    func addEndHandler(
        _ body: consuming @escaping @Sendable () -> Void, owner: ObjectIdentifier? = nil
    ) -> CancellationToken {
        let record = EndCallback(consume body, lock: lock)
        lock.lock()
        if let owner { checkOwnerLocked(owner) }
        if endCallbackRecords >= endCallbackSweepAt { sweepEndCallbacksLocked() }
        record.older = newestEndCallback.take()
        newestEndCallback = record
        endCallbackRecords += 1
        lock.unlock()
        return CancellationToken(registration: record)
    }

    /// Unlinks the cancelled records; the caller holds the lock.
    private func sweepEndCallbacksLocked() {
        var kept = EndCallback.reversed(newestEndCallback.take())
        endCallbackRecords = 0
        // Oldest first: relinking each kept record at the head restores the
        // chain's order.
        while let record = kept.take() {
            kept = record.older.take()
            guard record.body != nil else { continue }
            record.older = newestEndCallback.take()
            newestEndCallback = record
            endCallbackRecords += 1
        }
        endCallbackSweepAt = max(EndCallback.firstSweep, 2 * endCallbackRecords)
    }

    /// Runs the callbacks in registration order, each claimed under the lock
    /// just before it runs, so that one cancelled by an earlier callback (or
    /// by another thread) does not run. Called from `deinit`: nothing can
    /// register any more, and only the storage writes the links.
    private func runEndCallbacks() {
        var next = EndCallback.reversed(newestEndCallback.take())
        while let record = next.take() {
            next = record.older.take()
            lock.lock()
            let claimed = record.body.take()
            lock.unlock()
            // Consumed: called without a retain of its own.
            if let body = consume claimed { body() }
        }
    }

    /// The records in the chain, cancelled ones included. For tests.
    var endCallbackRecordCount: Int {
        lock.withLock { endCallbackRecords }
    }

    /// The callbacks still registered. For tests.
    var endCallbackCount: Int {
        lock.withLock {
            var count = 0
            var current = newestEndCallback
            while let record = current {
                if record.body != nil { count += 1 }
                current = record.older
            }
            return count
        }
    }

    // MARK: - Associated values

    @usableFromInline
    struct Slot {
        @usableFromInline
        let id: Int
        @usableFromInline
        var box: AnyObject
    }

    /// The box stored under `id`, retained under the lock; the caller reads
    /// the value out of it after the lock is released. A strong box's value
    /// is changed in place, but only under the lock and only while the slot
    /// holds the sole reference to the box (``updateBoxWhileLocked(for:_:)``),
    /// so never while a caller holds it from here; a weak box's reference is
    /// safe to load from any thread.
    @usableFromInline
    func box(for id: Int) -> AnyObject? {
        lock.lock()
        defer { lock.unlock() }
        return boxWhileLocked(for: id)
    }

    /// The box stored under `id`; the caller holds ``lock``.
    @inline(__always)
    func boxWhileLocked(for id: Int) -> AnyObject? {
        for slot in slots where slot.id == id { return slot.box }
        return nil
    }

    /// Stores `box` under `id`, or removes the slot when `box` is nil. Returns
    /// the replaced box so that the caller releases it outside the lock.
    func replaceBox(for id: Int, with box: AnyObject?) -> AnyObject? {
        lock.withLock { replaceBoxWhileLocked(for: id, with: box) }
    }

    /// ``replaceBox(for:with:)`` for an adopter of ``Lifetime``, checking in
    /// the same critical section that the storage belongs to `owner` (see
    /// ``bind(to:)``).
    @usableFromInline
    func replaceBox(for id: Int, with box: AnyObject?, owner: AnyObject) -> AnyObject? {
        lock.lock()
        checkOwnerLocked(ObjectIdentifier(owner))
        let old = replaceBoxWhileLocked(for: id, with: box)
        lock.unlock()
        return old
    }

    /// Returns the box stored under `id`; stores `box` first if there is none.
    /// The check and the store are one atomic step, so that concurrent callers
    /// all get the same box.
    func existingBox(for id: Int, orInsert box: AnyObject) -> AnyObject {
        lock.withLock { () -> AnyObject in
            if let existing = boxWhileLocked(for: id) { return existing }
            slots.append(Slot(id: id, box: box))
            return box
        }
    }

    /// Offers the box stored under `id` to `update` when the slot holds the
    /// only reference to it, so that a write can replace the value in place
    /// instead of allocating a new box; the caller holds ``lock``. Returns
    /// whether `update` took it (it declines a weak box).
    func updateBoxWhileLocked(for id: Int, _ update: (AnyObject) -> Bool) -> Bool {
        guard let index = slots.firstIndex(where: { $0.id == id }),
            isKnownUniquelyReferenced(&slots[index].box)
        else { return false }
        return update(slots[index].box)
    }

    /// ``updateBoxWhileLocked(for:_:)`` for an adopter of ``Lifetime``,
    /// taking the lock. Declines when the storage belongs to another object,
    /// so that ``replaceBox(for:with:owner:)`` traps on the shared storage.
    @usableFromInline
    func updateBox(for id: Int, owner: AnyObject, _ update: (AnyObject) -> Bool) -> Bool {
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        lock.lock()
        defer { lock.unlock() }
        guard ownerAddress == address else { return false }
        return updateBoxWhileLocked(for: id, update)
    }

    /// Stores or removes a box; the caller holds ``lock``.
    func replaceBoxWhileLocked(for id: Int, with box: AnyObject?) -> AnyObject? {
        if let index = slots.firstIndex(where: { $0.id == id }) {
            let old = slots[index].box
            if let box {
                slots[index].box = box
            } else {
                slots.remove(at: index)
            }
            return old
        }
        if let box { slots.append(Slot(id: id, box: box)) }
        return nil
    }

    /// Removes every associated value; returns them for release outside the lock.
    func removeAllBoxes() -> ContiguousArray<Slot> {
        lock.withLock { () -> ContiguousArray<Slot> in
            let old = slots
            slots = []
            return old
        }
    }

    var associatedValueCount: Int {
        lock.withLock { slots.count }
    }
}

/// One end-of-life callback of a ``LifetimeStorage``: the registration its
/// token ends, and a link of the storage's chain.
///
/// It knows the storage's lock (immortal: a stripe or the side table's) but
/// not the storage, so a token kept after its object ended refers to nothing
/// that has gone.
final class EndCallback: TokenRegistration, @unchecked Sendable {
    /// The chain's length at which the first sweep runs.
    static let firstSweep = 8

    private let lock: Lock
    /// Nil once run or cancelled, so that the captures go at once. Guarded by
    /// `lock`.
    fileprivate var body: (@Sendable () -> Void)?
    /// The record registered before this one. Written only by the storage,
    /// under `lock` or in its `deinit`.
    fileprivate var older: EndCallback?

    init(_ body: @escaping @Sendable () -> Void, lock: Lock) {
        self.body = body
        self.lock = lock
    }

    /// The chain from `newest`, relinked oldest first (each `older` link
    /// then names the next newer record); returns its new head.
    fileprivate static func reversed(_ newest: EndCallback?) -> EndCallback? {
        var reversed: EndCallback?
        var current = newest
        while let record = current.take() {
            current = record.older.take()
            record.older = reversed.take()
            reversed = record
        }
        return reversed
    }

    func cancelRegistration() -> Bool {
        lock.lock()
        let released = body.take()
        lock.unlock()
        // Released here, outside the lock: its captures' deinit may run user code.
        return released != nil
    }
}
