/// The storage's owner binding and its associated values' slots, untyped:
/// ``Association`` reads and writes them through the box of each key
/// (`LifetimeStorage+Values.swift`), and the side table through its entries.
/// The stored properties, and the lock that guards them, are declared in
/// `Internal/Unsafe/LifetimeStorage+UncheckedSlots.swift`.
extension LifetimeStorage {
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
    func checkOwnerLocked(_ owner: ObjectIdentifier) {
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
