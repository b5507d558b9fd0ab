/// An entry in the observers of one property slot.
///
/// Values reach observers as raw pointers to values of the property's type,
/// so that the dispatch code is not generic and is compiled once, in the
/// library; each subclass knows the type it reads.
@usableFromInline
class SlotObserver: @unchecked Sendable {
    /// Whether ``willChange(_:old:new:)`` should be called before each set.
    let wantsPrior: Bool

    /// Whether the observer is still among its slot's observers. Guarded by
    /// the lock of the storage it was added to.
    var isRegistered = false

    init(wantsPrior: Bool) {
        self.wantsPrior = wantsPrior
    }

    /// Before a set, for observers that want prior notifications. `new` is
    /// the value about to be stored.
    func willChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {}

    /// After a set.
    func didChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {}
}

/// An observation whose observed object is the owner of an
/// ``ObservationStorage``: what a token ends and what the owner's end ends.
protocol ObservationRegistration: TokenRegistration {
    /// Ends the observation: no callback starts afterwards. Idempotent;
    /// returns whether this call ended it and thereby prevented a callback.
    func end() -> Bool
}

extension ObservationRegistration {
    func cancelRegistration() -> Bool {
        end()
    }
}
