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
///
/// This file holds the stored properties alone, for the one unsafe construct
/// among them, `slots`; every method is an extension in `Lifetime/`.
public final class LifetimeStorage: @unchecked Sendable {
    /// Guards the fields below. A stripe
    /// (``Lock/striped(for:)-(ObjectIdentifier)``) for adopters of ``Lifetime``;
    /// the side table's own lock for storages it holds, so that a side-table
    /// read takes one lock. Both are immortal. Stored, so that a read finds it
    /// with one load.
    private(set) var lock: Lock
    /// The associated values' boxes, by key id.
    ///
    /// Unchecked exclusivity: every access happens under `lock`, which already
    /// makes accesses exclusive, and no access calls out of the library while
    /// it lasts. Buys 52.7% on association.write.lifetime: 190 instructions
    /// against 402 with the safe form. Self-tests: `AssociationTests`' concurrent
    /// operations on an adopter, run under the thread sanitizer in CI.
    @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    /// The end-of-life callbacks' chain, newest first, owned through strong
    /// links (see `LifetimeStorage+EndCallbacks.swift`). Guarded by `lock`.
    var newestEndCallback: EndCallback?
    /// The records in the chain, and the count at which a registration
    /// prunes it. Guarded by `lock`.
    var endCallbackRecords = 0
    var endCallbackPruneAt = EndCallback.firstPrune
    /// The address of the object the storage belongs to; 0 until it is
    /// first reached. Guarded by `lock`.
    var ownerAddress: UInt = 0

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
}
