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
/// do not keep it. An `instead` closure's invocation calls through to a
/// continuation that lives only during the call, so that the call allocates
/// as little as it can: keeping that invocation past the closure's return
/// (storing it, capturing it in an escaping closure) traps when the call's
/// instead stage ends.
public struct Invocation<Arguments, Result> {
    /// The method being sent.
    public let selector: MethodSelector<Arguments, Result>

    /// Where the hook that receives this invocation runs.
    @inlinable
    public var position: HookPosition {
        switch place & 3 {
        case 0: .before
        case 1: .instead
        default: .after
        }
    }

    /// ``position`` in the two low bits, and above them the link ``next``
    /// runs from. One field rather than two: an invocation of more than
    /// eight scalars is copied and destroyed through its value witnesses,
    /// out of line (benchmark row "hook points · one instance before hook",
    /// 717 → 809 instructions with a separate field).
    @usableFromInline
    let place: Int

    /// The message's arguments (a tuple for several parameters).
    public let arguments: Arguments

    /// The message's result: set for ``HookPosition/after`` hooks, nil for the
    /// others.
    public let result: Result?

    /// Continues the instead chain inward with the given arguments: the
    /// engine's continuation (see `InsteadChain`), the chain of the call
    /// run from the link that ``place`` holds, which `proceed(with:)` calls
    /// with changed ones.
    @usableFromInline
    let next: ((Int, Arguments) -> Result)?

    @inlinable
    init(
        selector: MethodSelector<Arguments, Result>,
        position: HookPosition,
        arguments: Arguments,
        result: Result? = nil,
        next: InsteadContinuation<Arguments, Result>? = nil
    ) {
        self.selector = selector
        let bits =
            switch position {
            case .before: 0
            case .instead: 1
            case .after: 2
            }
        self.place = bits | (next?.inner ?? 0) << 2
        self.arguments = arguments
        self.result = result
        self.next = next?.chain
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
    @inlinable
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
    @inlinable
    public func proceed(with arguments: Arguments) -> Result {
        guard let next else { notInstead() }
        return next(place >> 2, arguments)
    }

    /// The trap of `proceed` outside an `instead` hook, out of line.
    @usableFromInline @inline(never)
    func notInstead() -> Never {
        preconditionFailure(
            "Invocation.proceed() called from a \(position) hook of \(selector.name); only instead hooks can proceed"
        )
    }
}
