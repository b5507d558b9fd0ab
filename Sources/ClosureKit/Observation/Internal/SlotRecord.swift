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

    /// The slot's observers as a set reads them, if their snapshot is
    /// cached (nil otherwise); the caller holds the lock.
    ///
    /// A set between registrations finds the snapshot cached. This calls
    /// nothing and releases nothing, so that a set reads it on the record in
    /// place, with no retain of the record (see ``ObservationStorage``'s
    /// `records`).
    @inline(__always)
    func cachedObserversLocked() -> SlotObservers? {
        guard let snapshot = core.cache else { return nil }
        let dispatch = HandlerDispatch(
            HandlerCore<SlotObserver>.typed(snapshot), removals: core.group.removals.load())
        return SlotObservers(dispatch: dispatch, hasPrior: priorCount > 0)
    }

    /// The slot's observers, their snapshot rebuilt first; the caller holds
    /// the lock.
    @inline(never)
    func rebuiltObserversLocked() -> SlotObservers {
        SlotObservers(dispatch: core.dispatch(core.readLocked()), hasPrior: priorCount > 0)
    }
}

/// The observers of one slot as a set read them: the dispatch over their
/// snapshot, if anyone observes.
///
/// It holds the dispatch itself, read under the lock, so that notifying
/// copies no snapshot.
@usableFromInline
struct SlotObservers {
    /// Nil when nobody observes.
    @usableFromInline let dispatch: HandlerDispatch<SlotObserver>?
    /// Whether an observer wants to hear before the set.
    @usableFromInline let hasPrior: Bool

    @usableFromInline
    init(dispatch: HandlerDispatch<SlotObserver>?, hasPrior: Bool) {
        self.dispatch = dispatch
        self.hasPrior = hasPrior
    }

    /// Nobody observes.
    @inlinable static var none: SlotObservers { SlotObservers(dispatch: nil, hasPrior: false) }

    /// Whether anyone observes.
    @inlinable var isEmpty: Bool { dispatch == nil }
}

/// The element of a slot's handler core: an observer's delivery.
///
/// Not the closure itself: a closure stored as the element of a generic core
/// is kept in its most general form and reached through a reabstraction
/// thunk on every call, with its arguments passed through memory. The
/// closure sits in a box that a dispatch borrows (``BorrowedReference``),
/// so that calling an observer read in place from the snapshot costs no
/// retain and release of it.
@usableFromInline
struct SlotObserver {
    private let box: BorrowedReference<DeliveryBox>

    init(deliver: @escaping Delivery) {
        box = BorrowedReference(DeliveryBox(deliver: deliver))
    }

    /// Calls the delivery.
    @inline(__always)
    func deliver(_ object: AnyObject, _ values: ObservedValues, _ kind: DeliveryKind) {
        box.withBorrowed { $0.deliver(object, values, kind) }
    }
}

/// The delivery of a ``SlotObserver``, in an object that a dispatch can
/// borrow.
final class DeliveryBox: Sendable {
    let deliver: Delivery

    init(deliver: @escaping Delivery) {
        self.deliver = deliver
    }
}
