/// One message, as a `before` or `after` hook sees it: the selector, the
/// arguments, and (for `after` hooks) the result.
///
/// ```swift
/// let report = proxy.after(DownloadProxy.selectors.shouldStart) { invocation in
///     print("answered", invocation.result!)
/// }
/// ```
///
/// An invocation is a plain value: a hook may keep it, or what it holds, as
/// long as it likes. An `instead` hook receives an ``InsteadInvocation``
/// instead, which can call through to what the hook replaced.
public struct Invocation<Arguments, Result> {
    /// The method being sent.
    public let selector: MethodSelector<Arguments, Result>

    /// Where the hook that receives this invocation runs: ``HookPosition/before``
    /// or ``HookPosition/after`` (``HookPosition/instead`` only for a delegate
    /// proxy's `instead` closure registered by name for a method that returns
    /// nothing, whose closure takes an `Invocation` and so cannot proceed).
    public let position: HookPosition

    /// The message's arguments (a tuple for several parameters).
    public let arguments: Arguments

    /// The message's result: set for ``HookPosition/after`` hooks, nil for the
    /// others.
    public let result: Result?

    @inlinable
    init(
        selector: MethodSelector<Arguments, Result>,
        position: HookPosition,
        arguments: Arguments,
        result: Result? = nil
    ) {
        self.selector = selector
        self.position = position
        self.arguments = arguments
        self.result = result
    }
}

/// One message, as an `instead` hook sees it: the selector, the arguments,
/// and ``proceed()``, which calls through to what the hook replaced.
///
/// ```swift
/// let gate = proxy.instead(DownloadProxy.selectors.shouldStart) { invocation in
///     let task = invocation.arguments
///     return task.isAllowed && invocation.proceed()
/// }
/// ```
///
/// It lives only during the hook's call, and the compiler holds it there:
/// the hook receives it `inout`, and it cannot be copied
/// (`~Copyable`). Storing it, capturing it in an escaping closure or in a
/// `Task`, or taking `invocation.proceed` as a function value does not
/// compile. A hook that answers later (a completion-handler delegate) keeps
/// the arguments it needs, answers now, and calls the completion handler
/// later.
///
/// What ``proceed()`` calls runs synchronously, inside the hook's call and
/// on its thread, before `proceed()` returns.
public struct InsteadInvocation<Arguments, Result>: ~Copyable {
    /// The method being sent.
    public let selector: MethodSelector<Arguments, Result>

    /// The message's arguments (a tuple for several parameters), as the
    /// caller sent them.
    public let arguments: Arguments

    /// Continues the instead chain inward (see `InsteadChain`).
    @usableFromInline
    let next: InsteadContinuation<Arguments, Result>

    @inlinable
    init(
        selector: MethodSelector<Arguments, Result>,
        arguments: Arguments,
        next: InsteadContinuation<Arguments, Result>
    ) {
        self.selector = selector
        self.arguments = arguments
        self.next = next
    }

    /// Calls through to what the `instead` closure replaced, and returns its
    /// answer.
    ///
    /// That is the next older `instead` closure for the same message if there
    /// is one, otherwise the real delegate, otherwise the protocol's default
    /// (on a hook point, the original method). Under a combining rule other
    /// than ``ResultCombining/closureWins`` the real delegate has already
    /// been asked, and `proceed()` returns its answer without asking again.
    /// It may be called more than once.
    ///
    /// `mutating` only so that it cannot be taken as a function value and
    /// kept: it changes nothing.
    @inlinable
    public mutating func proceed() -> Result {
        next(arguments)
    }

    /// Calls through to what the `instead` closure replaced with arguments of
    /// its own, and returns its answer.
    ///
    /// The next older `instead` closure, the real delegate or the original
    /// method receives `arguments` in place of the caller's; ``arguments``
    /// of this invocation keeps the caller's. `before` and `after` hooks of
    /// the same call still see the caller's arguments.
    ///
    /// - Parameter arguments: The arguments to call through with, typed like
    ///   the method's (a tuple for several parameters).
    @inlinable
    public mutating func proceed(with arguments: Arguments) -> Result {
        next(arguments)
    }
}

/// An invocation may cross to another isolation when its arguments and its
/// result may: what lets a `before` or `after` closure registered on an
/// actor be handed a call made elsewhere (see the Isolation article).
extension Invocation: Sendable where Arguments: Sendable, Result: Sendable {}
