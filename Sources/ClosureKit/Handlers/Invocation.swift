/// One message, as a hook sees it: the selector, the arguments, a way to call
/// through to what an `instead` closure replaced, and (for `after` hooks) the
/// result.
///
/// ```swift
/// let gate = proxy.instead(DownloadProxy.shouldStart) { invocation in
///     let task = invocation.arguments
///     return task.isAllowed && invocation.proceed()
/// }
/// let report = proxy.after(DownloadProxy.shouldStart) { invocation in
///     print("answered", invocation.result!)
/// }
/// ```
///
/// An invocation is valid only during the call of the hook that receives it;
/// do not keep it.
public struct Invocation<Arguments, Result> {
    /// The method being sent.
    public let selector: MethodSelector<Arguments, Result>

    /// Where the hook that receives this invocation runs.
    public let position: HookPosition

    /// The message's arguments (a tuple for several parameters).
    public let arguments: Arguments

    /// The message's result: set for ``HookPosition/after`` hooks, nil for the
    /// others.
    public let result: Result?

    /// Continues the instead chain inward with the given arguments: the
    /// engine's continuation (see `InsteadChain`), which `proceed(with:)`
    /// calls with changed ones.
    @usableFromInline
    let next: ((Arguments) -> Result)?

    @usableFromInline
    init(
        selector: MethodSelector<Arguments, Result>,
        position: HookPosition,
        arguments: Arguments,
        result: Result? = nil,
        next: ((Arguments) -> Result)? = nil
    ) {
        self.selector = selector
        self.position = position
        self.arguments = arguments
        self.result = result
        self.next = next
    }

    /// Calls through to what the `instead` closure replaced, and returns its
    /// answer.
    ///
    /// That is the next older `instead` closure for the same message if there
    /// is one, otherwise the real delegate, otherwise the protocol's default.
    /// Under a combining rule other than ``ResultCombining/closureWins`` the
    /// real delegate has already been asked, and `proceed()` returns its
    /// answer without asking again. It may be called more than once.
    ///
    /// - Precondition: Only ``HookPosition/instead`` hooks can proceed; calling
    ///   it from a `before` or `after` hook traps.
    public func proceed() -> Result {
        proceed(with: arguments)
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
    /// - Precondition: Only ``HookPosition/instead`` hooks can proceed; calling
    ///   it from a `before` or `after` hook traps.
    public func proceed(with arguments: Arguments) -> Result {
        guard let next else {
            preconditionFailure(
                "Invocation.proceed() called from a \(position) hook of \(selector.name); only instead hooks can "
                    + "proceed"
            )
        }
        return next(arguments)
    }
}
