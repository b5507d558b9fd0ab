/// Where a closure runs relative to the implementation of a message.
///
/// For one message, ClosureKit runs the `before` closures in registration
/// order, then the implementation (the newest `instead` closure if there is
/// one, otherwise what it replaced), then the `after` closures in registration
/// order.
///
/// ```swift
/// let token = proxy.before(DownloadProxy.selectors.didProgress) { invocation in
///     print("progress", invocation.arguments.1)
/// }
/// ```
///
/// The same positions serve delegate proxies and every other hookable message
/// in the library.
public enum HookPosition: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Runs before the implementation; sees the arguments.
    case before
    /// Replaces the implementation; may call through with
    /// ``InsteadInvocation/proceed()``.
    case instead
    /// Runs after the implementation; sees the arguments and the result.
    case after

    /// `before`, `instead` or `after`.
    public var description: String {
        switch self {
        case .before: "before"
        case .instead: "instead"
        case .after: "after"
        }
    }
}
