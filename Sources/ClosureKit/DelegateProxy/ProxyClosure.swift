/// A closure registered on a ``DelegateProxy`` for one selector: the element
/// of the proxy's handler cores.
@usableFromInline
enum ProxyClosure<Arguments, Result>: Sendable {
    /// An `instead` closure that takes the arguments alone, of no actor: it
    /// can answer anywhere, so it carries no isolation to check, and a
    /// message whose only closure it is calls it directly.
    case answer(@Sendable (Arguments) -> Result)
    /// An `instead` closure that takes the arguments alone, registered from
    /// an actor: it answers only messages sent on that actor.
    case plain(Answering<@Sendable (Arguments) -> Result>)
    /// An `instead` closure that takes an invocation and may proceed.
    case instead(Answering<@Sendable (inout InsteadInvocation<Arguments, Result>) -> Result>)
    /// A `before` or `after` closure.
    case observer(@Sendable (Invocation<Arguments, Result>) -> Void)
    /// A `before` or `after` closure that needs only the arguments: no
    /// ``Invocation`` is built for it.
    case argumentsObserver(@Sendable (Arguments) -> Void)
    /// An `after` closure that replaces the result: it returns the new one.
    case replacer(Answering<@Sendable (Invocation<Arguments, Result>) -> Result>)

    /// The closure as a link of an instead chain.
    @inlinable
    var link: InsteadLink<Arguments, Result>? {
        switch self {
        case .answer(let body): .arguments(body)
        case .plain(let body): .arguments(body.body)
        case .instead(let body): .invocation(body.body)
        case .observer, .argumentsObserver, .replacer: nil
        }
    }

    /// Whether the closure can run on this thread now: false for a closure
    /// that must answer, registered from an actor the message is not sent
    /// on (see ``Answering``). A closure of no actor needs no check.
    @inlinable
    var isReady: Bool {
        switch self {
        case .answer: true
        case .plain(let body): body.canAnswer
        case .instead(let body): body.canAnswer
        case .replacer(let body): body.canAnswer
        case .observer, .argumentsObserver: true
        }
    }

    /// The same closure, with `options`' policy for calls made off its
    /// actor (``RegistrationOptions/onItsActorOnly``).
    func applying(_ options: RegistrationOptions) -> Self {
        switch self {
        case .plain(let body): .plain(body.applying(options))
        case .instead(let body): .instead(body.applying(options))
        case .replacer(let body): .replacer(body.applying(options))
        case .answer, .observer, .argumentsObserver: self
        }
    }

    /// Calls a `before` or `after` closure, building an invocation only for
    /// one that takes it. Returns the result a replacing closure answered,
    /// nil for the others.
    @inlinable
    func observe(
        _ selector: MethodSelector<Arguments, Result>,
        _ position: HookPosition,
        _ arguments: Arguments,
        result: Result?
    ) -> Result? {
        switch self {
        case .argumentsObserver(let body):
            body(arguments)
            return nil
        case .observer(let body):
            body(Invocation(selector: selector, position: position, arguments: arguments, result: result))
            return nil
        case .replacer(let body):
            return body.body(Invocation(selector: selector, position: position, arguments: arguments, result: result))
        case .answer, .plain, .instead:
            return nil
        }
    }
}
