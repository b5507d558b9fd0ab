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
/// ``ObservableProperty`` storage. The storage keeps one short array of
/// observers per observed slot, guarded by the same lock as the property
/// values, so that a write stores the value and takes a snapshot of the
/// slot's observers in one critical section, then calls them after
/// unlocking. Each observer after the first is checked again (under the lock)
/// just before its call, so that an observer removed by an earlier callback
/// of the same dispatch is skipped.
public final class ObservationStorage: @unchecked Sendable {
    // Guards the values of the owner's observable properties, `records`,
    // and every record's observers and prior count. Never held while user
    // code runs.
    private let mutex = Lock()

    /// One record per observed property slot, in the order they were first
    /// observed. Guarded by `mutex`. Records are never removed: an object
    /// observes few properties.
    private var records: ContiguousArray<SlotRecord> = []

    /// The observations whose observed object is the owner, so that
    /// ``KeyPathObservable/removeAllObservations()`` and the owner's end can
    /// end them.
    let registrations = HandlerList<any ObservationRegistration>()

    // Guarded by `mutex`.
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
    }

    // MARK: - Lock, for the property wrapper's accessors

    @usableFromInline
    func lock() {
        mutex.lock()
    }

    @usableFromInline
    func unlock() {
        mutex.unlock()
    }

    // MARK: - Write path

    /// A snapshot of the observers of `slot`, or nil if there are none, and
    /// whether one of them wants prior notifications. The caller holds the
    /// lock.
    @usableFromInline
    func observers(forSlot slot: Int) -> (observers: ContiguousArray<SlotObserver>, hasPrior: Bool)? {
        for record in records where record.slot == slot {
            if record.observers.isEmpty { return nil }
            return (record.observers, record.priorCount > 0)
        }
        return nil
    }

    /// Calls the observers in `observers` that want prior notifications,
    /// skipping those removed since the snapshot. `old` and `new` point at
    /// values of the property's type. Called with no lock held.
    @usableFromInline
    func dispatchWillChange(
        _ observers: ContiguousArray<SlotObserver>, _ object: AnyObject,
        old: UnsafeRawPointer, new: UnsafeRawPointer
    ) {
        for observer in observers where observer.wantsPrior {
            guard isRegistered(observer) else { continue }
            observer.willChange(object, old: old, new: new)
        }
    }

    /// Calls the observers in `observers` after a set. The snapshot was
    /// taken in the critical section of the set, so the first observer is
    /// known to be registered; each later one is checked again, so that an
    /// observer removed by an earlier callback does not run. Called with no
    /// lock held.
    @usableFromInline
    func dispatchDidChange(
        _ observers: ContiguousArray<SlotObserver>, _ object: AnyObject,
        old: UnsafeRawPointer, new: UnsafeRawPointer
    ) {
        // The caller's snapshot keeps every observer alive for the whole
        // dispatch, so they are called without retaining each one.
        observers.withUnsafeBufferPointer { observers in
            for index in observers.indices {
                let observer = Unmanaged.passUnretained(observers[index])
                if index > 0, !observer._withUnsafeGuaranteedRef({ isRegistered($0) }) { continue }
                observer._withUnsafeGuaranteedRef { $0.didChange(object, old: old, new: new) }
            }
        }
    }

    @inline(__always)
    private func isRegistered(_ observer: SlotObserver) -> Bool {
        mutex.withLock { observer.isRegistered }
    }

    // MARK: - Registration

    /// Adds `observer` to the observers of `slot`, creating its record if
    /// needed. Returns the token that removes it again. An observer belongs
    /// to one slot of one storage.
    func addObserver(_ observer: SlotObserver, forSlot slot: Int) -> CancellationToken {
        mutex.withLock {
            let record: SlotRecord
            if let existing = records.first(where: { $0.slot == slot }) {
                record = existing
            } else {
                record = SlotRecord(slot: slot, mutex: mutex)
                records.append(record)
            }
            record.observers.append(observer)
            observer.isRegistered = true
            if observer.wantsPrior { record.priorCount += 1 }
            return CancellationToken(registration: SlotEntry(record: record, observer: observer))
        }
    }

    /// An object unique to this storage for as long as it is held, for
    /// identity comparisons that must not be fooled by address reuse.
    var identity: AnyObject { mutex }

    // MARK: - Owner binding

    /// Records the owning object the first time, and traps if the storage is
    /// later reached through a different object.
    func bind(to owner: AnyObject) -> ObservationStorage {
        let address = UInt(bitPattern: ObjectIdentifier(owner).hashValue)
        let current = mutex.withLock { () -> UInt in
            if ownerAddress == 0 { ownerAddress = address }
            return ownerAddress
        }
        precondition(
            current == address,
            "An ObservationStorage belongs to exactly one object: declare `let observationStorage = ObservationStorage()` in each adopter of KeyPathObservable; do not share or return one instance."
        )
        return self
    }
}

/// The observers of one observable property of one object. Every field but
/// `slot` is guarded by the owning storage's lock.
final class SlotRecord: @unchecked Sendable {
    let slot: Int

    /// In registration order.
    var observers: ContiguousArray<SlotObserver> = []

    /// How many of `observers` want the callback before a change.
    var priorCount = 0

    /// The owning storage's lock. The record keeps the lock rather than a
    /// reference to the storage: a strong one would keep the storage alive
    /// past its owner (whose end must end the observations), and a weak one
    /// would give the storage a side table and slow down every retain of it
    /// on the write path.
    private let mutex: Lock

    init(slot: Int, mutex: Lock) {
        self.slot = slot
        self.mutex = mutex
    }

    /// Removes `observer`. Returns whether it was still registered.
    func remove(_ observer: SlotObserver) -> Bool {
        let removed = mutex.withLock { () -> SlotObserver? in
            guard observer.isRegistered else { return nil }
            observer.isRegistered = false
            if observer.wantsPrior { priorCount -= 1 }
            guard let index = observers.firstIndex(where: { $0 === observer }) else { return nil }
            return observers.remove(at: index)
        }
        // Released here, after the lock.
        return removed != nil
    }
}

/// What a registration's token ends in a slot: one observer's place among
/// the slot's observers.
private final class SlotEntry: TokenRegistration, @unchecked Sendable {
    private let record: SlotRecord
    private let observer: SlotObserver

    init(record: SlotRecord, observer: SlotObserver) {
        self.record = record
        self.observer = observer
    }

    func cancelRegistration() -> Bool {
        record.remove(observer)
    }
}
