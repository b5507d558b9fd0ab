/// Collects the tokens of the registrations written in an aspect's body.
///
/// Each line of the body is an ordinary registration of the library (a hook
/// point's `before`, `instead` or `after`, a name-based `hook`, a proxy's
/// closure, an observation), written as it would be outside an aspect: the
/// builder keeps the ``CancellationToken`` it returns. `if`, `switch` and
/// `for` loops work as in any result builder, so an aspect can be built from
/// a table:
///
/// ```swift
/// try Aspect.install("audit") {
///     for name in ["save(to:)", "close()"] {
///         try Document.hook(name, at: .before) { @Sendable (invocation: Invocation<Any, Any>) in
///             print("calling", invocation.selector.name)
///         }
///     }
/// }
/// ```
///
/// The body runs once, synchronously, where `install` is called: in the
/// caller's isolation, which each registration in it takes (see the
/// Isolation article).
@resultBuilder
public enum AspectBuilder {
    /// One registration's token.
    ///
    /// - Parameter token: The token a registration returned.
    public static func buildExpression(_ token: CancellationToken) -> [CancellationToken] {
        [token]
    }

    /// Tokens that were collected beforehand.
    ///
    /// - Parameter tokens: Tokens of registrations made earlier.
    public static func buildExpression(_ tokens: [CancellationToken]) -> [CancellationToken] {
        tokens
    }

    /// The tokens of a block, in the order its lines ran.
    ///
    /// - Parameter parts: The tokens of each line.
    public static func buildBlock(_ parts: [CancellationToken]...) -> [CancellationToken] {
        parts.flatMap { $0 }
    }

    /// The tokens of an `if` without `else`.
    ///
    /// - Parameter part: The tokens of the branch, or nil when it did not run.
    public static func buildOptional(_ part: [CancellationToken]?) -> [CancellationToken] {
        part ?? []
    }

    /// The tokens of the first branch of an `if`–`else` or a `switch`.
    ///
    /// - Parameter part: The tokens of the branch.
    public static func buildEither(first part: [CancellationToken]) -> [CancellationToken] {
        part
    }

    /// The tokens of the second branch of an `if`–`else` or a `switch`.
    ///
    /// - Parameter part: The tokens of the branch.
    public static func buildEither(second part: [CancellationToken]) -> [CancellationToken] {
        part
    }

    /// The tokens of a `for` loop, iteration after iteration.
    ///
    /// - Parameter parts: The tokens of each iteration.
    public static func buildArray(_ parts: [[CancellationToken]]) -> [CancellationToken] {
        parts.flatMap { $0 }
    }

    /// The tokens of an `if #available` branch.
    ///
    /// - Parameter part: The tokens of the branch.
    public static func buildLimitedAvailability(_ part: [CancellationToken]) -> [CancellationToken] {
        part
    }
}
