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

    /// The slot's snapshot, if it is current (nil otherwise: nobody
    /// observes, or it must be rebuilt); the caller holds the lock.
    ///
    /// The core's typed cache (``HandlerCore/typedCache``): a set reads it
    /// without the dynamic cast of the erased snapshot, and it ends with the core's
    /// cache, so that it never keeps a removed observer (and its captures)
    /// beyond the removal. A set between registrations finds it current.
    @inline(__always)
    func cachedSnapshotLocked() -> HandlerSnapshot<SlotObserver>? {
        core.typedCache
    }

    /// The slot's snapshot, rebuilt first if a registration or a removal
    /// changed the core; nil when nobody observes. The caller holds the lock.
    @inline(never)
    func rebuiltSnapshotLocked() -> HandlerSnapshot<SlotObserver>? {
        _ = core.snapshotLocked()
        return core.typedCache
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
