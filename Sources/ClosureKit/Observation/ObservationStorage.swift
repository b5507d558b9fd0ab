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

    /// The observers of `slot` (0: not yet known, so none) for a set of
    /// `object`'s property, read under the lock that the caller holds inside
    /// ``locked(_:)``.
    ///
    /// Traps when the slot has observers and `object` is not the owner: the
    /// observers' deliveries take the object as the type of the owner that
    /// registered them.
    @usableFromInline
    func observersLocked(forSlot slot: Int, of object: AnyObject) -> SlotObservers {
        guard slot != 0, let index = recordIndexLocked(forSlot: slot) else { return .none }
        checkOwnerLocked(object)
        if let observers = records[index].cachedObserversLocked() { return observers }
        return rebuiltObserversLocked(at: index)
    }

    /// ``observersLocked(forSlot:of:)`` when the snapshot must be rebuilt.
    @inline(never)
    private func rebuiltObserversLocked(at index: Int) -> SlotObservers {
        let record = records[index]
        return record.rebuiltObserversLocked()
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
        for index in items.indices where dispatch.isCurrent(at: index, where: { _ in true }) {
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
            if wantsPrior { record.priorCount += 1 }
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
