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
    // Guarded by `LockPool.lock(for: self)`.
    private var slots: ContiguousArray<Slot> = []
    private var endHandlers: HandlerList<@Sendable () -> Void>?
    private var ownerAddress: UInt = 0

    /// Creates empty storage, for the stored property of a ``Lifetime`` adopter.
    public init() {}

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
    /// callbacks; it is a programming error.
    @inline(__always)
    func bind(to owner: AnyObject) -> LifetimeStorage {
        let address = UInt(bitPattern: ObjectIdentifier(owner).hashValue)
        let current = LockPool.lock(for: self).withLock { () -> UInt in
            if ownerAddress == 0 { ownerAddress = address }
            return ownerAddress
        }
        precondition(
            current == address,
            "A LifetimeStorage belongs to exactly one object: declare `let lifetimeStorage = LifetimeStorage()` in each adopter of Lifetime; do not share or return one instance."
        )
        return self
    }

    // MARK: - End of life

    func addEndHandler(_ body: @escaping @Sendable () -> Void) -> CancellationToken {
        let list = LockPool.lock(for: self).withLock { () -> HandlerList<@Sendable () -> Void> in
            if let endHandlers { return endHandlers }
            let list = HandlerList<@Sendable () -> Void>()
            endHandlers = list
            return list
        }
        return list.add(body)
    }

    // MARK: - Associated values

    struct Slot {
        let id: Int
        var box: AnyObject
    }

    /// The box stored under `id`, if any. Reading the value out of it happens
    /// after the lock is released.
    @inline(__always)
    func box(for id: Int) -> AnyObject? {
        LockPool.lock(for: self).withLock { () -> AnyObject? in
            for slot in slots where slot.id == id { return slot.box }
            return nil
        }
    }

    /// Stores `box` under `id`, or removes the slot when `box` is nil. Returns
    /// the replaced box so that the caller releases it outside the lock.
    func replaceBox(for id: Int, with box: AnyObject?) -> AnyObject? {
        LockPool.lock(for: self).withLock { () -> AnyObject? in
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
    }

    /// Returns the box stored under `id`; stores `box` first if there is none.
    /// The check and the store are one atomic step, so that concurrent callers
    /// all get the same box.
    func existingBox(for id: Int, orInsert box: AnyObject) -> AnyObject {
        LockPool.lock(for: self).withLock { () -> AnyObject in
            for slot in slots where slot.id == id { return slot.box }
            slots.append(Slot(id: id, box: box))
            return box
        }
    }

    /// Removes every associated value; returns them for release outside the lock.
    func removeAllBoxes() -> ContiguousArray<Slot> {
        LockPool.lock(for: self).withLock { () -> ContiguousArray<Slot> in
            let old = slots
            slots = []
            return old
        }
    }

    var associatedValueCount: Int {
        LockPool.lock(for: self).withLock { slots.count }
    }
}
