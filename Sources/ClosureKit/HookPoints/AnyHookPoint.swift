/// A hook point with its types erased, for ``Hookable/hookPoints`` and the
/// name-based entry points.
public struct AnyHookPoint: Sendable, CustomStringConvertible {
    /// The hooked method's Swift name.
    public let name: String

    /// The closure types the hook point takes, for diagnostics.
    public let signature: String

    /// Registers `body` (checked at run time) at `position`, type-wide for
    /// `scope` or for `instance`.
    let register:
        @Sendable (
            _ position: HookPosition, _ scope: AnyObject.Type, _ instance: AnyObject?, _ options: HookOptions,
            _ body: Any
        ) throws -> CancellationToken

    init(
        name: String,
        signature: String,
        register: @escaping @Sendable (HookPosition, AnyObject.Type, AnyObject?, HookOptions, Any) throws
            -> CancellationToken
    ) {
        self.name = name
        self.signature = signature
        self.register = register
    }

    /// The name and closure types.
    public var description: String { "\(name): \(signature)" }
}
