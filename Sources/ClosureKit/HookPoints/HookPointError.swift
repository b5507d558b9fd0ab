/// Why a hook could not be registered. Hook points report every mistake at
/// registration, never when the hooked method runs.
public enum HookPointError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The type declares no hook point with this name.
    ///
    /// - Parameters:
    ///   - name: The name asked for.
    ///   - type: The type asked.
    ///   - declared: The names the type declares.
    case unknownHookPoint(name: String, type: String, declared: [String])

    /// The closure's type does not fit the hook point at this position.
    ///
    /// - Parameters:
    ///   - hookPoint: The hook point's name.
    ///   - position: The position asked for.
    ///   - expected: The closure type the hook point takes there.
    ///   - given: The closure type given.
    case signatureMismatch(hookPoint: String, position: HookPosition, expected: String, given: String)

    /// The hook point does not take hooks at this position: an end-of-life
    /// hook point takes only `before`.
    ///
    /// - Parameters:
    ///   - hookPoint: The hook point's name.
    ///   - position: The position asked for.
    case positionNotAllowed(hookPoint: String, position: HookPosition)

    /// A sentence that names what was wrong.
    public var description: String {
        switch self {
        case let .unknownHookPoint(name, type, declared):
            let list = declared.isEmpty ? "none (list them in `hookPoints`)" : declared.joined(separator: ", ")
            return "unknown hook point \(name) for \(type); it declares: \(list)"
        case let .signatureMismatch(hookPoint, position, expected, given):
            return "closure type mismatch for the \(position) hook of \(hookPoint): expected \(expected), given \(given)"
        case let .positionNotAllowed(hookPoint, position):
            return "\(hookPoint) is an end-of-life hook point: it takes only before hooks, not \(position)"
        }
    }
}
