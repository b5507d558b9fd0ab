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
/// registration that notices it.
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
    /// observed. Guarded by `lock`. Records are never removed: an object
    /// observes few properties. The lock keeps accesses exclusive, so they
    /// skip the runtime's dynamic exclusivity checks (benchmark row:
    /// "observation · write, 1 observer").
    @exclusivity(unchecked) private var records: ContiguousArray<SlotRecord> = []

    /// The observations whose observed object is the owner, so that
    /// ``KeyPathObservable/removeAllHandlers()`` and the owner's end can
    /// end them.
    let registrations = HandlerList<any ObservationRegistration>()

    // Guarded by `lock`.
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
    /// in this one function (benchmark row: "observation · write, no
    /// observer").
    @inlinable @inline(__always)
    func locked(_ body: () -> Void) {
        group.lock.lock()
        defer { group.lock.unlock() }
        body()
    }

    /// The observers of `slot` (0: not yet known, so none), read under the
    /// lock that the caller holds inside ``locked(_:)``.
    @usableFromInline
    func observersLocked(forSlot slot: Int) -> SlotObservers {
        guard slot != 0 else { return SlotObservers(snapshot: nil, removals: 0, hasPrior: false) }
        for index in records.indices where records[index].slot == slot {
            let read = records[index].core.readLocked()
            return SlotObservers(
                snapshot: read.snapshot, removals: read.removals, hasPrior: records[index].priorCount > 0)
        }
        return SlotObservers(snapshot: nil, removals: 0, hasPrior: false)
    }

    /// Calls the observers that want to hear before a set.
    @usableFromInline
    func notifyWillChange(_ observers: SlotObservers, _ object: AnyObject, _ values: ObservedValues) {
        observers.dispatch?.forEach(where: { $0.wantsPrior }) { $0.willChange(object, values) }
    }

    /// Calls the observers after a set.
    @usableFromInline
    func notifyDidChange(_ observers: SlotObservers, _ object: AnyObject, _ values: ObservedValues) {
        observers.dispatch?.forEach { $0.didChange(object, values) }
    }

    // MARK: - Registration

    /// Adds `observer` to the observers of `slot`. Returns the token that
    /// removes it again, and releases it.
    func addObserver(_ observer: SlotObserver, forSlot slot: Int) -> CancellationToken {
        group.lock.withLock {
            let record: SlotRecord
            if let existing = records.first(where: { $0.slot == slot }) {
                record = existing
            } else {
                record = SlotRecord(slot: slot, group: group)
                records.append(record)
            }
            if observer.wantsPrior { record.priorCount += 1 }
            return record.core.addLocked(observer)
        }
    }

    /// An object unique to this storage for as long as it is held, for
    /// identity comparisons that must not be fooled by address reuse.
    var identity: AnyObject { group }

    // MARK: - Owner binding

    /// Records the owning object the first time, and traps if the storage is
    /// later reached through a different object.
    func bind(to owner: AnyObject) -> ObservationStorage {
        let address = UInt(bitPattern: ObjectIdentifier(owner).hashValue)
        let current = group.lock.withLock { () -> UInt in
            if ownerAddress == 0 { ownerAddress = address }
            return ownerAddress
        }
        precondition(
            current == address,
            "An ObservationStorage belongs to exactly one object: declare `let observationStorage = "
                + "ObservationStorage()` in each adopter of KeyPathObservable; do not share or return one instance."
        )
        return self
    }
}

/// The observers of one observable property of one object: a handler core
/// of the storage's lock.
final class SlotRecord: @unchecked Sendable {
    let slot: Int
    let core: HandlerCore<SlotObserver>

    /// How many observers ever registered want the callback before a change.
    /// Guarded by the storage's lock. It only grows: a set with no such
    /// observer left pays one filtered pass over the snapshot.
    var priorCount = 0

    init(slot: Int, group: HandlerGroup) {
        self.slot = slot
        self.core = HandlerCore(group: group)
    }
}

/// The observers of one slot as a set read them: a snapshot, if any.
@usableFromInline
struct SlotObservers {
    /// The slot's snapshot, nil when nobody observes.
    @usableFromInline let snapshot: AnyHandlerSnapshot?
    /// The removal count read with it.
    @usableFromInline let removals: UInt
    /// Whether an observer wants to hear before the set.
    @usableFromInline let hasPrior: Bool

    @usableFromInline
    init(snapshot: AnyHandlerSnapshot?, removals: UInt, hasPrior: Bool) {
        self.snapshot = snapshot
        self.removals = removals
        self.hasPrior = hasPrior
    }

    /// Nobody observes.
    @inlinable static var none: SlotObservers { SlotObservers(snapshot: nil, removals: 0, hasPrior: false) }

    /// Whether anyone observes.
    @inlinable var isEmpty: Bool { snapshot == nil }

    var dispatch: HandlerDispatch<SlotObserver>? {
        guard let snapshot else { return nil }
        let typed = HandlerCore<SlotObserver>.typed(snapshot)
        return HandlerDispatch(typed, removals: removals, core: typed.items[0].entry.core)
    }
}
