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
// Here, whole, for its one unsafe construct, `slots`: stored properties are declared with their class. Its
// methods are extensions in `Lifetime/`.
public final class LifetimeStorage: @unchecked Sendable {
    /// Guards the fields below: a stripe (``Lock/striped(for:)-(ObjectIdentifier)``) for adopters of ``Lifetime``,
    /// the side table's lock for storages it holds (a side-table read takes one lock); both immortal.
    private(set) var lock: Lock
    /// The associated values' boxes, by key id, with unchecked exclusivity. Sound because every access happens
    /// under `lock` and calls out of the library during none. Self-test: `AssociationTests`' concurrent operations
    /// on an adopter, under the thread sanitizer. Figure: 53% on `association.write.lifetime` (190 against 402).
    @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    /// The end-of-life callbacks' chain, newest first (`LifetimeStorage+EndCallbacks.swift`). Guarded by `lock`.
    var newestEndCallback: EndCallback?
    /// The records in the chain, and the count at which a registration prunes it. Guarded by `lock`.
    var endCallbackRecords = 0
    var endCallbackPruneAt = EndCallback.firstPrune
    /// The address of the storage's owner; 0 until first reached. Guarded by `lock`.
    var ownerAddress: UInt = 0

    /// Creates empty storage, for the stored property of a ``Lifetime`` adopter.
    public init() {
        // A placeholder until the storage's own address, which picks the stripe, is known.
        lock = Lock.stripes[0]
        lock = Lock.striped(for: ObjectIdentifier(self))
    }

    /// Creates storage guarded by the side table's lock, for the side table.
    init(guardedBySideTable: ()) {
        lock = SideTable.lock
    }

    deinit {
        // The owner has ended (an adopter's storage ends inside its owner's deinitialisation). Callbacks first,
        // then associated values, both with no lock held.
        runEndCallbacks()
    }
}
