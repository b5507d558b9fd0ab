public import Synchronization

/// The per-object record behind ``KeyPathObservable``: the object's
/// observers, grouped by observable property, and the lock that guards the
/// values of its ``ObservableProperty`` properties.
///
/// An adopter of ``KeyPathObservable`` holds one in a stored property:
///
/// ```swift
/// final class Settings: KeyPathObservable {
///     let observationStorage = ObservationStorage()
///     @ObservableProperty var volume = 0.5
/// }
/// ```
///
/// It has no public API besides its initializer: reach it through
/// `KeyPathObservable.observe(_:options:_:)`. When it is released (during
/// its owner's deinitialisation) every observation of the owner ends: no
/// callback runs afterwards, and the tokens' `cancel()` returns `false`.
///
/// The storage must belong to exactly one object: do not share it, and do not
/// keep references to it elsewhere. Sharing one traps at the first
/// registration, or the first set of an observed property, that notices it.
///
/// ## How a write finds its observers
///
/// Each observable property has a small integer slot, cached in its
/// ``ObservableProperty`` storage. The storage keeps one handler list (the
/// library's one handler engine) per observed slot, guarded by the same lock
/// as the property values, so that a write stores the value and takes a
/// snapshot of the slot's observers in one critical section, then calls them
/// after unlocking, with the engine's re-check before each call.
///
/// A set takes the lock once. An owner with an observer that asked to hear
/// before sets (``ObservationOptions/prior``), on any of its properties,
/// takes it twice per set: once to tell those observers, once to store.
public final class ObservationStorage: @unchecked Sendable {
    /// Guards the values of the owner's observable properties and every
    /// slot's observers. Never held while user code runs.
    @usableFromInline
    let group = HandlerGroup()

    /// One record per observed property slot, in the order they were first
    /// observed. Guarded by the group's lock. Records are never removed: an
    /// object observes few properties.
    ///
    /// No access to it has a call or a release inside it (a set reads a
    /// record in place; a registration grows a copy and swaps it in), so
    /// that the optimiser can prove that no access overlaps another and
    /// drops the runtime's dynamic exclusivity checks.
    private var records: ContiguousArray<SlotRecord> = []

    /// The observations whose observed object is the owner, so that
    /// ``KeyPathObservable/removeAllHandlers()`` and the owner's end can
    /// end them.
    let registrations = HandlerList<any ObservationRegistration>()

    // Guarded by the group's lock.
    private var ownerAddress: UInt = 0

    /// How many observers ever registered on the owner want to hear before
    /// sets. Changed and read under the group's lock; atomic so that a set's
    /// inlined code reads it with a plain load, where a stored `var` read
    /// from the adopter's module would keep a dynamic exclusivity check. It
    /// only grows, as each slot's ``SlotRecord/priorCount`` does.
    @usableFromInline
    let priorObservers = Atomic<Int>(0)

    /// Creates empty storage, for the stored property of a
    /// ``KeyPathObservable`` adopter.
    public init() {}

    deinit {
        // The owner is ending: end every observation of it. Ending releases
        // handlers (and what they captured) but calls none of them.
        for registration in registrations.snapshot() {
            _ = registration.end()
        }
        for record in group.lock.withLock({ records }) { record.core.removeAll() }
    }

    // MARK: - Write path, for the property wrapper's accessors

    /// Runs `body` under the lock that guards the property values. `body`
    /// only reads or writes a property's storage: it runs no user code.
    ///
    /// Inlined, so that the property wrapper's key-path accesses in `body`
    /// compile to direct field accesses; the lock is taken and released here,
    /// in this one function.
    @inlinable @inline(__always)
    func locked(_ body: () -> Void) {
        group.lock.lock()
        defer { group.lock.unlock() }
        body()
    }

    /// Takes the lock that guards the property values, for a set whose
    /// critical section ends in ``notifyUnlocking(slot:of:_:)`` or
    /// ``unlock()``.
    @inlinable @inline(__always)
    func lock() {
        group.lock.lock()
    }

    /// Gives up the lock that ``lock()`` took.
    @inlinable @inline(__always)
    func unlock() {
        group.lock.unlock()
    }

    /// Whether an observer of the owner wants to hear before sets; the
    /// caller holds the lock.
    @inlinable @inline(__always)
    var hasPriorObserversLocked: Bool {
        priorObservers.load(ordering: .relaxed) != 0
    }

    /// Ends the critical section of a set of `object`'s property in `slot`,
    /// whose value the caller has stored under the lock it holds: reads the
    /// slot's observers, unlocks, and calls them with `values`. For an owner
    /// with no observer that wants to hear before sets
    /// (``hasPriorObserversLocked``).
    ///
    /// Traps when the slot has observers and `object` is not the owner, as
    /// ``observersLocked(forSlot:of:)`` does.
    @usableFromInline
    func notifyUnlocking(slot: Int, of object: AnyObject, _ values: ObservedValues) {
        guard let index = recordIndexLocked(forSlot: slot, of: object) else {
            group.lock.unlock()
            return
        }
        let snapshot = snapshotLocked(at: index)
        let removals = group.removals.load()
        group.lock.unlock()
        guard let snapshot else { return }
        Self.deliver(HandlerDispatch(snapshot, removals: removals), object, values, .change)
    }

    /// The observers of `slot` (0: not yet known, so none) for a set of
    /// `object`'s property, read under the lock that the caller holds inside
    /// ``locked(_:)``.
    ///
    /// Traps when the slot has observers and `object` is not the owner: the
    /// observers' deliveries take the object as the type of the owner that
    /// registered them.
    @usableFromInline
    func observersLocked(forSlot slot: Int, of object: AnyObject) -> SlotObservers {
        guard slot != 0, let index = recordIndexLocked(forSlot: slot, of: object) else { return .none }
        guard let snapshot = snapshotLocked(at: index) else { return .none }
        return SlotObservers(
            dispatch: HandlerDispatch(snapshot, removals: group.removals.load()),
            hasPrior: records[index].priorCount > 0)
    }

    /// The current snapshot of the observers of the record at `index`; nil
    /// when nobody observes.
    @inline(__always)
    private func snapshotLocked(at index: Int) -> HandlerSnapshot<SlotObserver>? {
        records[index].cachedSnapshotLocked() ?? rebuiltSnapshotLocked(at: index)
    }

    /// The snapshot of the record at `index`, rebuilt; apart, so that the
    /// cached read calls nothing.
    @inline(never)
    private func rebuiltSnapshotLocked(at index: Int) -> HandlerSnapshot<SlotObserver>? {
        let record = records[index]
        return record.rebuiltSnapshotLocked()
    }

    /// Where the record of `slot` sits in `records`, if the slot has one, for
    /// a set of `object`'s property.
    ///
    /// Traps when the slot has a record and `object` is not the owner: the
    /// observers' deliveries take the object as the type of the owner that
    /// registered them.
    @inline(__always)
    private func recordIndexLocked(forSlot slot: Int, of object: AnyObject) -> Int? {
        guard let index = recordIndexLocked(forSlot: slot) else { return nil }
        checkOwnerLocked(object)
        return index
    }

    /// Where the record of `slot` sits in `records`, if the slot has one.
    @inline(__always)
    private func recordIndexLocked(forSlot slot: Int) -> Int? {
        for index in records.indices where records[index].slot == slot {
            return index
        }
        return nil
    }

    /// Calls the observers before a set (those that did not ask to hear
    /// before sets return at once); `values` holds the value about to be
    /// stored as its new value.
    @usableFromInline
    func notifyWillChange(_ observers: SlotObservers, _ object: AnyObject, _ values: ObservedValues) {
        if let dispatch = observers.dispatch { Self.deliver(dispatch, object, values, .prior) }
    }

    /// Calls the observers after a set.
    ///
    /// Consumes `observers`, which the write passes on: it holds the
    /// snapshot until the last observer returned, with no second retain.
    @usableFromInline
    func notifyDidChange(_ observers: consuming SlotObservers, _ object: AnyObject, _ values: ObservedValues) {
        if let dispatch = observers.dispatch { Self.deliver(dispatch, object, values, .change) }
    }

    /// Calls each current observer of `dispatch`, in registration order,
    /// with the engine's re-check before each call.
    ///
    /// Borrows each observer in place rather than through
    /// `HandlerDispatch.forEach`, which copies (retains) each element around
    /// its call: the snapshot that `dispatch` holds keeps every observer
    /// alive, so an observer's call costs no retain and release of it.
    @inline(__always)
    private static func deliver(
        _ dispatch: HandlerDispatch<SlotObserver>, _ object: AnyObject, _ values: ObservedValues,
        _ kind: DeliveryKind
    ) {
        let items = dispatch.snapshot.items
        for index in items.indices where dispatch.isCurrent(at: index) {
            items[index].element.deliver(object, values, kind)
        }
    }

    // MARK: - Registration

    /// Adds `observer` to the observers of `slot` of `owner`, the object
    /// whose property it observes; `wantsPrior` says whether it wants to hear
    /// before each set. Returns the token that removes it again, and releases
    /// it.
    ///
    /// Traps when the storage belongs to another object (see ``bind(to:)``).
    func addObserver(
        _ observer: @escaping Delivery, wantsPrior: Bool, forSlot slot: Int, of owner: AnyObject
    ) -> CancellationToken {
        group.lock.withLock {
            bindLocked(to: owner)
            let record: SlotRecord
            if let index = recordIndexLocked(forSlot: slot) {
                record = records[index]
            } else {
                record = SlotRecord(slot: slot, group: group)
                var grown = records
                grown.append(record)
                swap(&records, &grown)
            }
            if wantsPrior {
                record.priorCount += 1
                priorObservers.wrappingAdd(1, ordering: .relaxed)
            }
            return record.core.addLocked(SlotObserver(deliver: observer))
        }
    }

    /// An object unique to this storage for as long as it is held, for
    /// identity comparisons that must not be fooled by address reuse.
    var identity: AnyObject { group }

    // MARK: - Owner binding

    /// Records the owning object the first time, and traps if the storage is
    /// later reached through a different object.
    func bind(to owner: AnyObject) -> ObservationStorage {
        group.lock.withLock { bindLocked(to: owner) }
        return self
    }

    /// ``bind(to:)`` under the lock. Every registration binds, before it adds
    /// an observer, so that a storage with observers has its owner.
    private func bindLocked(to owner: AnyObject) {
        if ownerAddress == 0 { ownerAddress = Self.address(of: owner) }
        checkOwnerLocked(owner)
    }

    /// Traps unless `object` is the owner.
    @inline(__always)
    private func checkOwnerLocked(_ object: AnyObject) {
        precondition(
            ownerAddress == Self.address(of: object),
            "An ObservationStorage belongs to exactly one object: declare `let observationStorage = "
                + "ObservationStorage()` in each adopter of KeyPathObservable; do not share or return one instance."
        )
    }

    @inline(__always)
    private static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: ObjectIdentifier(object))
    }
}
