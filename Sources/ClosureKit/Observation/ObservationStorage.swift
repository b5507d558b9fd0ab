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
/// ``KeyPathObservable/observe(_:options:_:)``. When it is released (during
/// its owner's deinitialisation) every observation of the owner ends: no
/// callback runs afterwards, and the tokens' `cancel()` returns `false`.
///
/// The storage must belong to exactly one object: do not share it, and do not
/// keep references to it elsewhere. Sharing one traps at the first
/// registration that notices it.
public final class ObservationStorage: @unchecked Sendable {
    // Guards the values of the owner's observable properties, `records` and
    // every record's `priorCount`. Never held while user code runs.
    private let mutex = Lock()

    /// One record per observed property slot, in the order they were first
    /// observed. Guarded by `mutex`. Records are never removed: an object
    /// observes few properties, and a record without observers costs one
    /// empty dispatch.
    @usableFromInline
    internal var records: ContiguousArray<SlotRecord> = []

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

    // MARK: - Slots

    /// The record of `slot`, or nil if that property was never observed on
    /// this object. The caller holds the lock.
    @usableFromInline
    func record(forSlot slot: Int) -> SlotRecord? {
        for record in records where record.slot == slot {
            return record
        }
        return nil
    }

    /// Adds `observer` to the observers of `slot`, creating its record if
    /// needed. Returns the token that removes it again.
    func addObserver(_ observer: SlotObserver, forSlot slot: Int) -> CancellationToken {
        let record = mutex.withLock { () -> SlotRecord in
            let record: SlotRecord
            if let existing = self.record(forSlot: slot) {
                record = existing
            } else {
                record = SlotRecord(slot: slot)
                records.append(record)
            }
            if observer.wantsPrior { record.priorCount += 1 }
            return record
        }
        let entryToken = record.observers.add(observer)
        return CancellationToken(
            registration: SlotEntry(entryToken: entryToken, storage: self, record: record, wantsPrior: observer.wantsPrior)
        )
    }

    fileprivate func priorObserverEnded(in record: SlotRecord) {
        mutex.withLock { record.priorCount -= 1 }
    }

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

/// The observers of one observable property of one object.
@usableFromInline
final class SlotRecord: @unchecked Sendable {
    @usableFromInline
    let slot: Int

    let observers = HandlerList<SlotObserver>()

    /// How many observers want the callback before a change. Guarded by the
    /// owning storage's lock; a stale count only costs an empty dispatch.
    @usableFromInline
    var priorCount = 0

    init(slot: Int) {
        self.slot = slot
    }

    /// Calls every observer that wants prior notifications. `old` and `new`
    /// point at values of the property's type.
    @usableFromInline
    func dispatchWillChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        observers.forEach(where: { $0.wantsPrior }) { observer in
            observer.willChange(object, old: old, new: new)
        }
    }

    /// Calls every observer after a set. `old` and `new` point at values of
    /// the property's type.
    @usableFromInline
    func dispatchDidChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        observers.forEach { observer in
            observer.didChange(object, old: old, new: new)
        }
    }
}

/// What a registration's token ends in a slot: the handler-list entry, and
/// the slot's count of prior observers.
private final class SlotEntry: TokenRegistration, @unchecked Sendable {
    private let entryToken: CancellationToken
    private weak var storage: ObservationStorage?
    private let record: SlotRecord
    private let wantsPrior: Bool

    init(entryToken: CancellationToken, storage: ObservationStorage, record: SlotRecord, wantsPrior: Bool) {
        self.entryToken = entryToken
        self.storage = storage
        self.record = record
        self.wantsPrior = wantsPrior
    }

    func cancelRegistration() -> Bool {
        let prevented = entryToken.cancel()
        if wantsPrior { storage?.priorObserverEnded(in: record) }
        return prevented
    }
}
