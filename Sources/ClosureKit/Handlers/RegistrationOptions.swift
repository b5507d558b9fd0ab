/// Options that every registration in ClosureKit accepts.
///
/// ```swift
/// let token = control.addHandler(for: .valueChanged, options: .once) { _ in print("changed") }
/// ```
public struct RegistrationOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: UInt8

    /// Creates options from their raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// One-shot: the handler is removed after its first call, and its token's
    /// ``CancellationToken/cancel()`` then returns `false`.
    public static let once = RegistrationOptions(rawValue: 1 << 0)

    /// For a closure that must answer (an `instead` hook, a result
    /// replacement, a proxy's `implement` or `instead` closure) registered
    /// from an actor: a call made off that actor goes on as if the closure
    /// were not registered, and a `.once` closure stays unspent.
    ///
    /// Such a closure cannot wait for its actor (the caller needs the answer
    /// now), so it can answer only calls made on it. Without this option, a
    /// call from anywhere else stops the program, with a message naming the
    /// fix: an authorization hook that is quietly passed over is worse than
    /// none. Register the closure from nonisolated code to have it run for
    /// every caller, on the caller's thread; pass this option when calls
    /// from elsewhere are meant to go on without it (a main-actor view
    /// model's answer for the messages its own screen sends, with the real
    /// delegate answering the others).
    ///
    /// Closures that only observe (`before`, `after`) need no option: called
    /// off their actor, they are enqueued to it and run later, in order.
    public static let onItsActorOnly = RegistrationOptions(rawValue: 1 << 1)
}
