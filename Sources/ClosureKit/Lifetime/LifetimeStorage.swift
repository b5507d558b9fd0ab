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
    /// The oldest and the newest ``EndCallback`` of the chain; nil when no
    /// callback is registered. Guarded by `lock`, like `slots`.
    ///
    /// The callbacks are a doubly linked chain of ``EndCallback`` records,
    /// oldest first, rather than a list of the handler engine: they are
    /// dispatched once, when the storage ends and nothing can register any
    /// more, so they need none of the engine's snapshots, removal counts,
    /// positions or `.once`. What they share with every registration is
    /// kept: each callback runs at most once, never after its token's
    /// `cancel()` has returned (each is claimed under the lock just before
    /// it runs), with no lock held, and a cancelled callback's captures are
    /// released at once.
    ///
    /// Each record is also the ``CancellationToken`` its registrant holds, and
    /// the chain does not own it (its links are `Unmanaged`): the
    /// registrant's reference is the only strong one, so releasing the token
    /// ends the registration, and a registration costs one allocation, no
    /// list, core, entry, entries array or snapshot. A record leaves the chain
    /// when it is cancelled or released (its `deinit` unlinks it under the
    /// lock, which is why a linked record's memory stays valid while the lock
    /// is held), and the chain holds exactly the callbacks still registered.
    /// When the storage ends it retains each record whose `deinit` has not
    /// begun (`SwiftRuntime.tryRetain`) for as long as it takes to run it.
    private var oldestEndCallback: Unmanaged<EndCallback>?
    private var newestEndCallback: Unmanaged<EndCallback>?
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

    /// Registers an end-of-life callback, at the end of the chain, and
    /// returns its record, which is its token. With `owner` (an adopter of
    /// ``Lifetime``), checks in the same critical section that the storage
    /// belongs to it (see ``bind(to:)``).
    func addEndHandler(
        _ body: consuming @escaping @Sendable () -> Void, owner: ObjectIdentifier? = nil
    ) -> CancellationToken {
        let record = EndCallback(consume body, lock: lock)
        let link = Unmanaged.passUnretained(record)
        lock.lock()
        if let owner { checkOwnerLocked(owner) }
        record.storage = Unmanaged.passUnretained(self)
        if let newest = newestEndCallback {
            record.older = newest
            newest._withUnsafeGuaranteedRef { $0.newer = link }
        } else {
            oldestEndCallback = link
        }
        newestEndCallback = link
        lock.unlock()
        return record
    }

    /// Takes `record` out of the chain; the caller holds the lock and
    /// `record` is linked.
    fileprivate func unlinkLocked(_ record: EndCallback) {
        let older = record.older
        let newer = record.newer
        if let older {
            older._withUnsafeGuaranteedRef { $0.newer = newer }
        } else {
            oldestEndCallback = newer
        }
        if let newer {
            newer._withUnsafeGuaranteedRef { $0.older = older }
        } else {
            newestEndCallback = older
        }
        record.older = nil
        record.newer = nil
        record.storage = nil
    }

    /// Runs the callbacks in registration order. Called from `deinit`:
    /// nothing can register any more.
    ///
    /// One critical section detaches the whole chain: each record whose
    /// `deinit` has not begun is retained, and relinked into the list of
    /// those to run (through its `newer` link, which nothing else writes
    /// once it has left the chain); one whose `deinit` has begun is only
    /// told that the storage is gone (that `deinit` waits for the lock, and
    /// then finds nothing to unlink). The first callback is claimed in that
    /// same critical section, each later one under the lock just before it
    /// runs, so that one cancelled by an earlier callback (or by another
    /// thread) does not run; nor does one whose token was released meanwhile
    /// (the storage then holds the record's only reference), as the token's
    /// `deinit` would have unregistered it.
    private func runEndCallbacks() {
        lock.lock()
        var firstToRun: Unmanaged<EndCallback>?
        var lastToRun: Unmanaged<EndCallback>?
        var current = oldestEndCallback
        oldestEndCallback = nil
        newestEndCallback = nil
        while let link = current {
            current = link._withUnsafeGuaranteedRef { record in
                let newer = record.newer
                record.storage = nil
                record.older = nil
                record.newer = nil
                return newer
            }
            guard SwiftRuntime.tryRetain(unmanaged: link) else { continue }
            link._withUnsafeGuaranteedRef { $0.leftChain = true }
            if let lastToRun {
                lastToRun._withUnsafeGuaranteedRef { $0.newer = link }
            } else {
                firstToRun = link
            }
            lastToRun = link
        }
        guard let firstToRun else { return lock.unlock() }
        // Takes over the retain of `tryRetain`.
        var record = firstToRun.takeRetainedValue()
        var claimed = record.body.take()
        lock.unlock()
        while true {
            // Consumed: called without a retain of its own.
            if let body = claimed.take() { body() }
            guard let newer = record.newer.take() else { return }
            // Releases the previous record outside the lock: its token may be
            // gone by now, and the record with it.
            record = newer.takeRetainedValue()
            guard !isKnownUniquelyReferenced(&record) else { continue }
            lock.lock()
            claimed = record.body.take()
            lock.unlock()
        }
    }

    /// The callbacks still registered (the records in the chain). For tests.
    var endCallbackCount: Int {
        lock.withLock {
            var count = 0
            var current = oldestEndCallback
            while let link = current {
                count += 1
                current = link._withUnsafeGuaranteedRef { $0.newer }
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

/// One end-of-life callback of a ``LifetimeStorage``: a link of the storage's
/// chain and, at the same time, the ``CancellationToken`` its registrant
/// holds. One allocation per callback.
///
/// The chain refers to a record without retaining it (see
/// ``LifetimeStorage``), so the registrant's reference is the only strong
/// one while the callback waits: when the registrant lets go, `deinit`
/// unlinks the record, and the closure and its captures are released with
/// it. When the storage ends it retains the record (unless its `deinit` has
/// begun) for as long as it takes to run it.
///
/// It knows the storage's lock (immortal: a stripe or the side table's), and
/// the storage only while it is linked, so a token kept after its object
/// ended refers to nothing that has gone. Every mutable field is guarded by
/// `lock`, but for `leftChain` (see there).
final class EndCallback: CancellationToken, @unchecked Sendable {
    private let lock: Lock
    /// Nil once run or cancelled, so that the captures go at once.
    fileprivate var body: (@Sendable () -> Void)?
    /// The storage whose chain holds the record; nil once it left the chain
    /// (cancelled, or its storage ended).
    fileprivate var storage: Unmanaged<LifetimeStorage>?
    /// The neighbours in the chain while linked. Once the storage has ended,
    /// `newer` links the records it runs, which it alone reads and writes.
    fileprivate var older: Unmanaged<EndCallback>?
    fileprivate var newer: Unmanaged<EndCallback>?
    /// Whether ``cancel()`` was called: what ``isCancelled`` reports.
    private var ownerCancelled = false
    /// True once the record left its chain for good: cancelled, or taken by
    /// its storage's end. Written only under the lock by a holder of a strong
    /// reference (the registrant cancelling, or the ending storage, which
    /// retained it), so `deinit` reads it without the lock: every such write
    /// happened before the last release. A record whose `deinit` began while
    /// linked is only told, under the lock, that its storage is gone
    /// (`storage` nil); it does not see this flag turn true.
    fileprivate var leftChain = false

    init(_ body: @escaping @Sendable () -> Void, lock: Lock) {
        self.body = body
        self.lock = lock
        super.init()
    }

    deinit {
        // The registrant let go of a callback that may still be registered:
        // it leaves the chain. The closure is released after this body, with
        // the other stored properties, outside the lock.
        guard !leftChain else { return }
        lock.lock()
        if let storage { storage._withUnsafeGuaranteedRef { $0.unlinkLocked(self) } }
        lock.unlock()
    }

    @discardableResult
    override func cancel() -> Bool {
        lock.lock()
        if ownerCancelled {
            lock.unlock()
            return false
        }
        ownerCancelled = true
        leftChain = true
        let released = body.take()
        if let storage { storage._withUnsafeGuaranteedRef { $0.unlinkLocked(self) } }
        lock.unlock()
        // Released here, outside the lock: its captures' deinit may run user code.
        return released != nil
    }

    override var isCancelled: Bool {
        lock.withLock { ownerCancelled }
    }
}
