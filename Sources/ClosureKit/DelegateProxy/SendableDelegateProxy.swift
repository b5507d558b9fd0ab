/// A delegate proxy that may be shared across threads and actors: for an
/// object that calls its delegate from any thread, such as a `URLSession`
/// (on its delegate queue) or a `FileManager` (on the thread of each
/// operation).
///
/// It is written as a ``DelegateProxy`` is, and differs only in the closures
/// it takes: they are all `@Sendable`, because the proxy, and the object it
/// serves, may be reached from anywhere.
///
/// ```swift
/// final class TransferProxy: SendableDelegateProxy<any TransferDelegate>, TransferDelegate, SelectorDeclaring,
///     @unchecked Sendable  // Swift asks a subclass to restate it
/// {
///     struct Selectors {
///         let didProgress = MethodSelector<(Transfer, Double), Void>("transfer(_:didProgress:)")
///     }
///     static let selectors = Selectors()
///
///     func transfer(_ transfer: Transfer, didProgress fraction: Double) {
///         forward(Self.selectors.didProgress, (transfer, fraction)) { $0.transfer($1.0, didProgress: $1.1) }
///     }
/// }
/// ```
///
/// ## Where closures run
///
/// Each registration has two forms, and Swift picks one by the types of the
/// arguments and the result:
///
/// - **`Sendable` values**: the closure runs where the code that registered
///   it lives (see the Isolation article). Registered from nonisolated code,
///   it runs synchronously on the thread that sends. Registered from an
///   actor, it is that actor's code: a `before` or `after` closure, or an
///   `implement` for a method that returns nothing, runs on the actor, at
///   once when the message is sent on it and no earlier event for the actor
///   waits, otherwise enqueued to it with the values, in the order the
///   messages were sent. An `instead` closure, an `implement` that returns a
///   value and a `replaceResult` closure answer only messages sent on their
///   actor; a message sent elsewhere stops the program, unless the
///   registration passed ``RegistrationOptions/onItsActorOnly`` (they are
///   then passed over, and a `.once` closure stays unspent). On Apple
///   systems before the 26 releases, for an actor other than the main actor,
///   the actor's own `preconditionIsolated` decides, and with
///   `.onItsActorOnly` they never answer.
/// - **Values that are not all `Sendable`**: the closure is nonisolated,
///   even when it is written in actor code (it cannot use the actor's
///   state), and runs synchronously on the thread that sends, with the
///   values as they came. No value crosses to an actor. A closure marked
///   with a global actor explicitly (`{ @MainActor in … }`) stops the
///   program at registration.
///
/// A `Sendable` proxy cannot take the region form of ``DelegateProxy``,
/// whose closures may capture main-actor state and local `var`s: its region
/// would not hold them.
///
/// ## Why it is `@unchecked Sendable`
///
/// Its state is its table, guarded by its lock, and the closures it holds
/// are all `@Sendable`: the two forms above are the only registrations it
/// has, and ``DelegateProxyBase`` has none of the region form. A subclass
/// that adds state of its own guards it.
open class SendableDelegateProxy<Delegate>: DelegateProxyBase<Delegate>, @unchecked Sendable {
    // MARK: - Sendable values

    /// Sets the closure that answers `selector`, in place of the real
    /// delegate, for a method whose arguments and result are `Sendable`.
    ///
    /// Registered from an actor it answers only the messages sent on that
    /// actor: a message sent elsewhere stops the program, unless the
    /// registration passed ``RegistrationOptions/onItsActorOnly`` (the
    /// message then goes on as if it were not there, and a `.once` closure
    /// stays unspent).
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, the actor's own `preconditionIsolated` decides whether a
    /// message runs on it; with ``RegistrationOptions/onItsActorOnly`` such a
    /// closure never answers there (see the Isolation article).
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Called with the message's arguments; its result is the
    ///     message's result.
    /// - Returns: The token that removes the closure.
    public final func implement<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext with body: @escaping @isolated(any) @Sendable (Arguments) -> Result
    ) -> CancellationToken {
        implement(selector, options: options, on: body.isolation, answering: IsolatedCall.synchronous(body))
    }

    /// Answers a method that returns nothing, whose arguments are `Sendable`:
    /// registered from an actor, the closure also runs for messages sent
    /// from other threads, enqueued to that actor with the arguments in the
    /// order they were sent.
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Called with the message's arguments.
    /// - Returns: The token that removes the closure.
    public final func implement<Arguments: Sendable>(
        _ selector: MethodSelector<Arguments, Void>,
        options: RegistrationOptions = [],
        @_inheritActorContext with body: @escaping @isolated(any) @Sendable (Arguments) -> Void
    ) -> CancellationToken {
        implement(selector, options: options, on: body.isolation, delivering: IsolatedCall.synchronous(body))
    }

    /// Adds an `instead` closure that can call through to what it replaced
    /// with ``InsteadInvocation/proceed()``, for a method whose arguments and
    /// result are `Sendable`: registered from an actor, it answers only the
    /// messages sent on that actor.
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, the actor's own `preconditionIsolated` decides whether a
    /// message runs on it; with ``RegistrationOptions/onItsActorOnly`` such a
    /// closure never answers there (see the Isolation article).
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Returns the message's result.
    /// - Returns: The token that removes the closure.
    public final func instead<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body:
            @escaping @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        register(selector, .instead, options, .instead(.instead(body)))
    }

    /// Adds a closure that runs before the implementation of `selector`, for
    /// a method whose arguments and result are `Sendable`: registered from an
    /// actor, it runs on that actor, enqueued when the message is sent
    /// elsewhere.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Sees the arguments; `result` is nil.
    /// - Returns: The token that removes the closure.
    public final func before<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body)
        return ActorDelivery.token(observe(selector, .before, options, body), ending: delivery)
    }

    /// Adds a closure that runs after the implementation of `selector` and
    /// sees its result, for a method whose arguments and result are
    /// `Sendable`: registered from an actor, it runs on that actor, enqueued
    /// when the message is sent elsewhere.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Sees the arguments and the `result`.
    /// - Returns: The token that removes the closure.
    public final func after<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        after(selector, options: options, on: body.isolation, IsolatedCall.synchronous(body))
    }

    /// Adds an `after` closure that replaces the result the caller receives
    /// (see ``DelegateProxy``'s `replaceResult` for what it sees and
    /// returns), for a method whose arguments and result are `Sendable`:
    /// registered from an actor, it replaces the result only for messages
    /// sent on that actor.
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, the actor's own `preconditionIsolated` decides whether a
    /// message runs on it; with ``RegistrationOptions/onItsActorOnly`` such a
    /// closure never answers there (see the Isolation article).
    ///
    /// - Parameters:
    ///   - selector: The method whose result to replace; one of the proxy's.
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Returns the result the caller receives; `result` is set.
    /// - Returns: The token that removes the closure.
    public final func replaceResult<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        register(selector, .after, options, .replacer(ActorDelivery.makeAnswering(body)))
    }

    // MARK: - Values that may not cross: nonisolated only

    /// Sets the closure that answers `selector`, for a method whose
    /// arguments or result are not all `Sendable`.
    ///
    /// The closure is nonisolated, even when written in actor code, and runs
    /// synchronously on the thread that sends: the values never cross to an
    /// actor. One marked with a global actor (`{ @MainActor in … }`) stops
    /// the program here.
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Called with the message's arguments; its result is the
    ///     message's result.
    /// - Returns: The token that removes the closure.
    public final func implement<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        with body: @escaping @isolated(any) @Sendable (Arguments) -> Result
    ) -> CancellationToken {
        let body = ActorDelivery<Void>.nonisolated(body, body.isolation, Self.what("implement", selector))
        return answer(selector, options, Answering(actor: nil, body: IsolatedCall.synchronous(body)))
    }

    /// Adds an `instead` closure, for a method whose arguments or result are
    /// not all `Sendable`: nonisolated, run synchronously on the thread that
    /// sends (as `implement` for such a method).
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Returns the message's result.
    /// - Returns: The token that removes the closure.
    public final func instead<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        let body = ActorDelivery<Void>.nonisolated(body, body.isolation, Self.what("instead", selector))
        return register(selector, .instead, options, .instead(.instead(body)))
    }

    /// Adds a closure that runs before the implementation of `selector`, for
    /// a method whose arguments or result are not all `Sendable`:
    /// nonisolated, run synchronously on the thread that sends.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Sees the arguments; `result` is nil.
    /// - Returns: The token that removes the closure.
    public final func before<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let body = ActorDelivery<Void>.nonisolated(body, body.isolation, Self.what("before", selector))
        return observe(selector, .before, options, IsolatedCall.synchronous(body))
    }

    /// Adds a closure that runs after the implementation of `selector`, for a
    /// method whose arguments or result are not all `Sendable`: nonisolated,
    /// run synchronously on the thread that sends.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Sees the arguments and the `result`.
    /// - Returns: The token that removes the closure.
    public final func after<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let body = ActorDelivery<Void>.nonisolated(body, body.isolation, Self.what("after", selector))
        return observe(selector, .after, options, IsolatedCall.synchronous(body))
    }

    /// Adds an `after` closure that replaces the result the caller receives,
    /// for a method whose arguments or result are not all `Sendable`:
    /// nonisolated, run synchronously on the thread that sends.
    ///
    /// - Parameters:
    ///   - selector: The method whose result to replace; one of the proxy's.
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Returns the result the caller receives; `result` is set.
    /// - Returns: The token that removes the closure.
    public final func replaceResult<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        let body = ActorDelivery<Void>.nonisolated(body, body.isolation, Self.what("replaceResult", selector))
        return register(selector, .after, options, .replacer(ActorDelivery.makeAnswering(body)))
    }

    /// Names a nonisolated-only registration, for the message of its trap.
    private static func what<Arguments, Result>(
        _ registration: String, _ selector: MethodSelector<Arguments, Result>
    ) -> String {
        "\(withArticle(registration)) closure of \(Self.self) for \(selector.name)"
    }
}
