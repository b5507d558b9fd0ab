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
    /// Guards the fields below. A stripe (``Lock/striped(for:)``) for adopters of
    /// ``Lifetime``; the side table's own lock for storages it holds, so that a
    /// side-table read takes one lock. Both are immortal. Stored, so that a
    /// read finds it with one load (benchmark row: "association · read,
    /// object adopts Lifetime"); set only by the initialisers.
    @exclusivity(unchecked) private(set) var lock: Lock
    /// Every access happens under `lock`, which keeps accesses exclusive, so
    /// they skip the runtime's dynamic exclusivity checks (benchmark rows:
    /// "association · read, any object", "association · write, any object").
    @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    private var endHandlers: HandlerList<@Sendable () -> Void>?
    /// Guarded by `lock`, like `slots`.
    @exclusivity(unchecked) private var ownerAddress: UInt = 0

    /// Creates empty storage, for the stored property of a ``Lifetime`` adopter.
    public init() {
        lock = SideTable.lock
        // The stripe is picked from the storage's own address, known from here on.
        lock = Lock.striped(for: self)
    }

    /// Creates storage guarded by the side table's lock, for the side table.
    init(guardedBySideTable: ()) {
        lock = SideTable.lock
    }

    deinit {
        // The owner has ended (for adopters, this runs inside the owner's own
        // deinitialisation). Callbacks first, then associated values, both with
        // no lock held.
        endHandlers?.forEach { $0() }
    }

    // MARK: - Owner binding

    /// Records the owning object the first time, and traps if the storage is
    /// later reached through a different object.
    ///
    /// Sharing one storage between two objects would mix their values and
    /// callbacks; it is a programming error, so it traps.
    @usableFromInline
    func bind(to owner: AnyObject) -> LifetimeStorage {
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        let current = lock.withLock { () -> UInt in
            if ownerAddress == 0 { ownerAddress = address }
            return ownerAddress
        }
        precondition(
            current == address,
            "A LifetimeStorage belongs to exactly one object: declare `let lifetimeStorage = LifetimeStorage()` in "
                + "each adopter of Lifetime; do not share or return one instance."
        )
        return self
    }

    // MARK: - End of life

    func addEndHandler(_ body: @escaping @Sendable () -> Void) -> CancellationToken {
        let list = lock.withLock { () -> HandlerList<@Sendable () -> Void> in
            if let endHandlers { return endHandlers }
            let list = HandlerList<@Sendable () -> Void>(sharing: HandlerGroup.striped(for: self))
            endHandlers = list
            return list
        }
        return list.add(body)
    }

    // MARK: - Associated values

    @usableFromInline
    struct Slot {
        @usableFromInline
        let id: Int
        @usableFromInline
        var box: AnyObject
    }

    /// The box stored under `id`, retained; the caller reads the value out of
    /// it after the lock is released (boxes are immutable but for a weak
    /// reference, which is safe to load from any thread).
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
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        lock.lock()
        if ownerAddress == 0 { ownerAddress = address }
        guard ownerAddress == address else {
            lock.unlock()
            preconditionFailure(
                "A LifetimeStorage belongs to exactly one object: declare `let lifetimeStorage = LifetimeStorage()` "
                    + "in each adopter of Lifetime; do not share or return one instance."
            )
        }
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
