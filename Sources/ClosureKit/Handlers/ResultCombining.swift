/// How a proxy combines a closure's result with its real delegate's result,
/// when both answer the same message. Explicit per selector.
///
/// | rule | who is called | the answer |
/// |---|---|---|
/// | ``closureWins`` | the closure only (it may call through with ``InsteadInvocation/proceed()``) | the closure's |
/// | ``and`` | the real delegate, then the closure | `realDelegate && closure` |
/// | ``or`` | the real delegate, then the closure | `realDelegate \|\| closure` |
/// | ``custom(_:)`` | the real delegate, then the closure | `combine(realDelegate, closure)` |
///
/// Under every rule, a message with only one of the two answering gets that
/// one's answer, and a message with neither gets the protocol's default.
/// Under ``and``, ``or`` and ``custom(_:)`` both are always called (no
/// short-circuit), the real delegate first; an `instead` closure's
/// ``InsteadInvocation/proceed()`` then returns the real delegate's answer without
/// asking it again.
///
/// "Should" methods (a `Bool` result and "should" in the name) default to
/// ``and``; every other method defaults to ``closureWins``.
///
/// ```swift
/// struct Selectors {
///     let shouldStart = MethodSelector<DownloadTask, Bool>(
///         "taskShouldStart(_:)")                       // defaults to .and
///     let priority = MethodSelector<DownloadTask, Int>(
///         "priority(for:)", combining: .custom(max))   // the larger wins
/// }
/// ```
public struct ResultCombining<Result>: Sendable, CustomStringConvertible {
    /// Combines the real delegate's answer (first) with the closure's; nil for
    /// ``closureWins``.
    @usableFromInline
    let combine: (@Sendable (_ realDelegate: Result, _ closure: Result) -> Result)?

    /// The rule's name, for diagnostics: `"closure wins"`, `"&&"`, `"||"` or
    /// `"custom"`.
    public let description: String

    private init(
        _ description: String,
        _ combine: (@Sendable (_ realDelegate: Result, _ closure: Result) -> Result)?
    ) {
        self.description = description
        self.combine = combine
    }

    /// The closure replaces the real delegate: only the closure is called, and
    /// its answer is the message's answer. The closure can still ask the real
    /// delegate through ``InsteadInvocation/proceed()``.
    public static var closureWins: Self { Self("closure wins", nil) }

    /// Both are called, the real delegate first; the answer is
    /// `combine(realDelegateAnswer, closureAnswer)`.
    ///
    /// - Parameter combine: Called with no library lock held.
    public static func custom(
        _ combine: @escaping @Sendable (_ realDelegate: Result, _ closure: Result) -> Result
    ) -> Self {
        Self("custom", combine)
    }

    /// Whether both answers are asked for.
    @usableFromInline
    var callsBoth: Bool { combine != nil }
}

extension ResultCombining where Result == Bool {
    /// Both are called, the real delegate first; the answer is `true` only if
    /// both say `true`. The default for "should" methods.
    public static var and: Self { Self("&&", { $0 && $1 }) }

    /// Both are called, the real delegate first; the answer is `true` if
    /// either says `true`.
    public static var or: Self { Self("||", { $0 || $1 }) }
}
