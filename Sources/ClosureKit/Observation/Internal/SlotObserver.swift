/// An entry in the observers of one property slot: the element of the
/// slot's handler core.
///
/// Values reach observers as ``ObservedValues`` of the property's type, so
/// that the dispatch code is not generic and is compiled once, in the
/// library; each subclass knows the type it reads.
@usableFromInline
class SlotObserver: @unchecked Sendable {
    /// Whether ``willChange(_:_:)`` should be called before each set.
    let wantsPrior: Bool

    init(wantsPrior: Bool) {
        self.wantsPrior = wantsPrior
    }

    /// Before a set, for observers that want prior notifications; `new` is
    /// the value about to be stored.
    func willChange(_ object: AnyObject, _ values: ObservedValues) {}

    /// After a set.
    func didChange(_ object: AnyObject, _ values: ObservedValues) {}
}

/// An observation whose observed object is the owner of an
/// ``ObservationStorage``: what a token ends and what the owner's end ends.
protocol ObservationRegistration: TokenRegistration {
    /// Ends the observation: no callback starts afterwards, and the handler
    /// and everything it captured are released. Idempotent; returns whether
    /// this call ended it and thereby prevented a callback.
    func end() -> Bool
}

extension ObservationRegistration {
    func cancelRegistration() -> Bool {
        end()
    }
}
