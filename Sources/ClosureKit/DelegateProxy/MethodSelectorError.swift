/// What the name-based entry points throw: the method name is unknown, or the
/// closure's type does not match the method's signature.
///
/// Its ``description`` names the selector and both signatures, for example:
///
/// ```text
/// closure type mismatch for task(_:didProgress:) of DownloadProxy:
///   expected (Invocation<(DownloadTask, Double), ()>) -> (),
///   given (Invocation<Int, ()>) -> ()
/// ```
public enum MethodSelectorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No selector with this name is declared by `owner`.
    ///
    /// - `name`: the name that was asked for;
    /// - `owner`: the proxy (or hookable type) that was asked;
    /// - `known`: the names it does declare.
    case unknownSelector(name: String, owner: String, known: [String])

    /// The closure's type does not match the selector's signature.
    ///
    /// - `name`: the selector's Swift name;
    /// - `owner`: the proxy (or hookable type);
    /// - `expected`: the closure type the selector takes at that position;
    /// - `given`: the closure type that was passed.
    case signatureMismatch(name: String, owner: String, expected: String, given: String)

    /// A message for people, naming the selector and the signatures.
    public var description: String {
        switch self {
        case let .unknownSelector(name, owner, known):
            let list = known.isEmpty ? "none (list them in `selectors`)" : known.joined(separator: ", ")
            return "unknown selector \(name) for \(owner); it declares: \(list)"
        case let .signatureMismatch(name, owner, expected, given):
            return "closure type mismatch for \(name) of \(owner): expected \(expected), given \(given)"
        }
    }
}
