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
