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
}
