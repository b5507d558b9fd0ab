/// A delegate proxy: an object that stands in as some other object's
/// delegate and answers each message with closures, its
/// ``DelegateProxyBase/realDelegate``, or the protocol's default.
///
/// A proxy for a protocol is a subclass that conforms to the protocol and to
/// ``SelectorDeclaring``, declares one ``MethodSelector`` per method as a
/// stored property of its `Selectors` value (`static let selectors`), and
/// implements each method with one
/// ``DelegateProxyBase/forward(_:_:default:function:call:)`` call:
///
/// ```swift
/// protocol DownloadDelegate: AnyObject {
///     func taskShouldStart(_ task: DownloadTask) -> Bool
///     func task(_ task: DownloadTask, didProgress fraction: Double)
///     func task(_ task: DownloadTask, didFinish bytes: Int)
/// }
///
/// final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate, SelectorDeclaring {
///     struct Selectors {
///         let shouldStart = MethodSelector<DownloadTask, Bool>("taskShouldStart(_:)")
///         let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
///         let didFinish = MethodSelector<(DownloadTask, Int), Void>("task(_:didFinish:)")
///     }
///     static let selectors = Selectors()
///
///     func taskShouldStart(_ task: DownloadTask) -> Bool {
///         forward(Self.selectors.shouldStart, task, default: true) { $0.taskShouldStart($1) }
///     }
///     func task(_ task: DownloadTask, didProgress fraction: Double) {
///         forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
///     }
///     func task(_ task: DownloadTask, didFinish bytes: Int) {
///         forward(Self.selectors.didFinish, (task, bytes)) { $0.task($1.0, didFinish: $1.1) }
///     }
/// }
///
/// let proxy = DownloadProxy.proxy(for: task, delegate: \.delegate)
/// let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
///     print("\(Int(fraction * 100))%")
/// }
/// ```
///
/// A proxy serves an object used in one isolation at a time (a view, a
/// parser, a stream: most delegating objects). For an object that calls its
/// delegate from any thread (a `URLSession`, a `FileManager`), subclass
/// ``SendableDelegateProxy`` instead. ``DelegateProxyBase`` has what both
/// share: the order of a message, forwarding, installation, the real
/// delegate.
///
/// ## Where closures run
///
/// A closure runs where the code that registered it lives (see the
/// Isolation article), and receives the message's values only where they
/// may go. Each registration has two forms, and Swift picks one by the
/// types of the arguments and the result:
///
/// - **Values that are not all `Sendable`** (most often the delegating
///   object itself, as `task` above): the closure is not `@Sendable`. It
///   joins the proxy's region, which Swift's region-based isolation
///   (SE-0414) merges with the object's when the proxy is installed, so the
///   compiler keeps every message to the proxy in the closure's isolation:
///   registered on the main actor, the closure may use main-actor state,
///   and sending the object (or the proxy, or the object the proxy stands
///   in for) to another isolation afterwards does not compile. Registered
///   from nonisolated code, it may capture local `var`s. It always runs
///   synchronously, on the thread that sends, with the values as they came;
///   it always answers, and a main-actor closure reached off the main actor
///   (through a gap of Swift that the Isolation article lists) stops the
///   program rather than race.
/// - **`Sendable` values**: the closure is `@Sendable`. Registered from
///   nonisolated code, it runs synchronously on the thread that sends.
///   Registered from an actor (a `@MainActor` view model, top-level code,
///   an actor's method whose closure uses `self`), it is that actor's code,
///   and does not tie the proxy to the actor: a `before` or `after` closure, or
///   an `implement` for a method that returns nothing, runs on that actor,
///   synchronously when the message is sent on it and no earlier event for
///   the actor waits, otherwise enqueued to it with the values, in the order
///   the messages were sent. An `instead` closure, an `implement` that
///   returns a value and a `replaceResult` closure must answer at once: they
///   answer only messages sent on their actor; a message sent elsewhere
///   stops the program, unless the registration passed
///   ``RegistrationOptions/onItsActorOnly`` (the message then goes on as if
///   they were not registered, and a `.once` closure stays unspent). On
///   Apple systems before the 26 releases, for an actor other than the main
///   actor, the actor's own `preconditionIsolated` decides, and with
///   `.onItsActorOnly` they never answer: those runtimes cannot tell without
///   a trap that a message runs on such an
///   actor.
///
/// ## Why a proxy is not `Sendable`
///
/// The first form is sound only while the proxy stays in one region: a
/// `Sendable` proxy could be handed to another thread together with a
/// main-actor closure that captured main-actor state. So `DelegateProxy` is
/// not `Sendable`, and a subclass must not declare itself `Sendable` (nor
/// `@unchecked Sendable`): a proxy reached from several threads is a
/// ``SendableDelegateProxy``, whose closures are all `@Sendable`. The
/// proxies of ClosureKitFoundation for objects that are not `Sendable`
/// (`XMLParser`, `Stream`, `NSCache`, the keyed archivers) are
/// `DelegateProxy`s and not `Sendable`; those for `URLSession` and
/// `FileManager` are `SendableDelegateProxy`s.
///
/// The proxy returned by ``DelegateProxyBase/proxy(for:delegate:)`` shares
/// the region of the object it is installed on (Swift merges a call's result
/// with its arguments), so the object's messages stay in the closures'
/// isolation. That holds for an object that is not `Sendable`; an object
/// that is, and calls its delegate from several threads, takes a
/// ``SendableDelegateProxy``.
///
/// `Delegate` must be a class-bound protocol type such as
/// `any DownloadDelegate`: the real delegate is held weakly.
open class DelegateProxy<Delegate>: DelegateProxyBase<Delegate> {
    /// Creates a proxy with no closures and no real delegate.
    ///
    /// Subclasses must keep a `required init()`: installation creates proxies
    /// through it. Most proxies need no initializer of their own.
    public required init() {
        // Not `Sendable`: its messages, registrations and real delegate share
        // one region, so a message of a selector that never had a closure
        // reads the real delegate without the lock (see `ProxyTable`).
        super.init(confined: true)
    }

    // MARK: - Values that may not cross: the region form

    /// Sets the closure that answers `selector`, in place of the real delegate
    /// (an `instead` closure that takes the arguments alone).
    ///
    /// ```swift
    /// let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
    ///     print("\(Int(fraction * 100))%")
    /// }
    /// ```
    ///
    /// Several `instead` closures for one selector form a chain: the newest
    /// answers; closures registered with `instead` can call through to the
    /// next older one.
    ///
    /// This form is for a method whose arguments or result are not all
    /// `Sendable`. The closure joins the proxy's region (see "Where closures
    /// run"): it runs synchronously where the message is sent, which the
    /// compiler keeps in the closure's isolation, and always answers.
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Called with the message's arguments; its result is the
    ///     message's result (see ``ResultCombining`` for methods where the
    ///     real delegate answers too).
    /// - Returns: The token that removes the closure.
    public final func implement<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        with body: @escaping @isolated(any) (Arguments) -> Result
    ) -> CancellationToken {
        // Always answers: the compiler keeps the sender in the closure's
        // isolation (see "Where closures run").
        let direct = IsolatedCall.regionBound(body)
        let actor = RegionBound.actor(
            of: body.isolation, registeredFrom: isolation, "the implement closure of \(selector.name)")
        return answer(selector, options, Answering(actor: nil, body: Self.entering(direct, actor)))
    }

    /// Adds an `instead` closure that receives an ``InsteadInvocation`` and
    /// can call through to what it replaced with
    /// ``InsteadInvocation/proceed()``.
    ///
    /// ```swift
    /// let token = proxy.instead(DownloadProxy.selectors.shouldStart) { invocation in
    ///     invocation.arguments.isOnWiFi && invocation.proceed()
    /// }
    /// ```
    ///
    /// This form is for a method whose arguments or result are not all
    /// `Sendable`: the closure joins the proxy's region, runs synchronously
    /// where the message is sent, and always answers.
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Returns the message's result.
    /// - Returns: The token that removes the closure.
    public final func instead<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        let direct = IsolatedCall.regionBound(body)
        guard
            let actor = RegionBound.actor(
                of: body.isolation, registeredFrom: isolation, "the instead closure of \(selector.name)")
        else {
            return register(selector, .instead, options, .instead(Answering(actor: nil, body: direct)))
        }
        let mailbox = ActorMailbox.of(actor)
        let entering: @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result = { invocation in
            RegionBound.enter(mailbox)
            return direct(&invocation)
        }
        return register(selector, .instead, options, .instead(Answering(actor: nil, body: entering)))
    }

    /// Adds a closure that runs before the implementation of `selector`.
    ///
    /// ```swift
    /// let token = proxy.before(DownloadProxy.selectors.didFinish) { invocation in
    ///     print("download finished")
    /// }
    /// ```
    ///
    /// This form is for a method whose arguments or result are not all
    /// `Sendable`: the closure joins the proxy's region and runs
    /// synchronously where the message is sent.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Sees the arguments; `result` is nil.
    /// - Returns: The token that removes the closure.
    public final func before<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let actor = RegionBound.actor(
            of: body.isolation, registeredFrom: isolation, "the before closure of \(selector.name)")
        return observe(selector, .before, options, Self.entering(IsolatedCall.bound(body), actor))
    }

    /// Adds a closure that runs after the implementation of `selector` and
    /// sees its result.
    ///
    /// ```swift
    /// let token = proxy.after(DownloadProxy.selectors.shouldStart) { invocation in
    ///     print("answered", invocation.result!)
    /// }
    /// ```
    ///
    /// This form is for a method whose arguments or result are not all
    /// `Sendable`: the closure joins the proxy's region and runs
    /// synchronously where the message is sent.
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's
    ///     ``DelegateProxyBase/declaredSelectors`` (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Sees the arguments and the `result`.
    /// - Returns: The token that removes the closure.
    public final func after<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let actor = RegionBound.actor(
            of: body.isolation, registeredFrom: isolation, "the after closure of \(selector.name)")
        return observe(selector, .after, options, Self.entering(IsolatedCall.bound(body), actor))
    }

    /// Adds an `after` closure that replaces the result the caller receives.
    ///
    /// ```swift
    /// let token = proxy.replaceResult(DownloadProxy.selectors.shouldStart) { invocation in
    ///     invocation.result! && invocation.arguments.isOnWiFi
    /// }
    /// ```
    ///
    /// It runs in the `after` stage, in registration order among the other
    /// `after` closures, and sees in ``Invocation/result`` what the caller
    /// would receive so far: the answer of the implementation (an `instead`
    /// closure, the real delegate or the default, combined by the selector's
    /// ``ResultCombining`` rule), or the value an earlier `replaceResult`
    /// closure returned. What it returns is what later `after` closures see
    /// and, if it is the last to replace, what the caller receives. The
    /// combining rule is not applied again: a replaced result is final,
    /// even for a "should" method whose real delegate said no.
    ///
    /// This form is for a method whose arguments or result are not all
    /// `Sendable`: the closure joins the proxy's region, runs synchronously
    /// where the message is sent, and always answers.
    ///
    /// - Parameters:
    ///   - selector: The method whose result to replace; one of the proxy's.
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Returns the result the caller receives; `result` is set.
    /// - Returns: The token that removes the closure.
    public final func replaceResult<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        let actor = RegionBound.actor(
            of: body.isolation, registeredFrom: isolation, "the replaceResult closure of \(selector.name)")
        let replacer = Answering(actor: nil, body: Self.entering(IsolatedCall.regionBound(body), actor))
        return register(selector, .after, options, .replacer(replacer))
    }

    // MARK: - Sendable values

    /// Sets the closure that answers `selector`, for a method whose arguments
    /// and result are `Sendable`.
    ///
    /// The closure is `@Sendable`. Registered from an actor it answers only
    /// the messages sent on that actor: a message sent elsewhere stops the
    /// program, unless the registration passed
    /// ``RegistrationOptions/onItsActorOnly`` (the message then goes on as if
    /// the closure were not there, and a `.once` closure stays unspent).
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

    /// Answers a method that returns nothing, whose arguments are `Sendable`,
    /// with `body`: registered from an actor, it also runs for messages sent
    /// from other threads, enqueued to that actor with the arguments in the
    /// order they were sent (see the Isolation article).
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

    /// Adds an `instead` closure, for a method whose arguments and result are
    /// `Sendable`: registered from an actor, it answers only the messages
    /// sent on that actor.
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

    /// Adds an `after` closure that replaces the result the caller receives,
    /// for a method whose arguments and result are `Sendable`: registered
    /// from an actor, it replaces the result only for messages sent on that
    /// actor (see the region form above for what it sees and returns).
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

    // MARK: - Region form, for conveniences

    /// Adds an `after` closure of the region form that receives only the
    /// message's arguments: what ClosureKitFoundation's closure conveniences
    /// on objects that are not `Sendable` (`parser.onCharacters`,
    /// `stream.onEvent`) register, around the caller's region-bound closure
    /// made callable with `IsolatedCall.callableInRegion(_:)`. No
    /// ``Invocation`` is built for it.
    ///
    /// Sound only because the caller's closure joined the proxy's region:
    /// the convenience takes it as a plain (not `@Sendable`)
    /// `@isolated(any)` parameter of a nonisolated method of the delegating
    /// object, which is not `Sendable` and is in the proxy's region.
    ///
    /// - Parameters:
    ///   - selector: The method to observe.
    ///   - options: `.once` removes the closure after its first call.
    ///   - actor: The caller's closure's isolation (nil: nonisolated).
    ///   - body: Called with the arguments after the method ran.
    /// - Returns: The token that removes the closure.
    package final func observeAfter<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        bound body: @escaping (Arguments) -> Void
    ) -> CancellationToken {
        let direct = IsolatedCall.regionBound(callable: body)
        return register(selector, .after, options, .argumentsObserver(Self.entering(direct, actor)))
    }

    /// ``implement(_:options:with:)-(_,_,(Arguments)->Result)`` of the region
    /// form for a closure already made callable, with its actor: what a
    /// convenience that answers registers (`parser.onResolveExternalEntity`).
    /// See ``observeAfter(_:options:on:bound:)`` for why it is sound.
    package final func implement<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        bound body: @escaping (Arguments) -> Result
    ) -> CancellationToken {
        let direct = IsolatedCall.regionBound(callable: body)
        return answer(selector, options, Answering(actor: nil, body: Self.entering(direct, actor)))
    }

    // MARK: - Internal

    /// The stored form of a region-bound closure: `direct` itself for a
    /// nonisolated closure; for an actor's, preceded by
    /// ``RegionBound/enter()``, which runs the events that wait for the
    /// actor first and stops the program if a main-actor closure is reached
    /// off the main actor.
    @inline(__always)
    static func entering<Input, Output>(
        _ direct: @escaping @Sendable (Input) -> Output, _ actor: (any Actor)?
    ) -> @Sendable (Input) -> Output {
        guard let actor else { return direct }
        let mailbox = ActorMailbox.of(actor)
        return { input in
            RegionBound.enter(mailbox)
            return direct(input)
        }
    }

    /// ``entering(_:_:)-(_,(Input)->Output)`` for a closure that returns
    /// nothing, which a generic `Output` would return indirectly (a
    /// reabstraction thunk at every message).
    @inline(__always)
    static func entering<Input>(
        _ direct: @escaping @Sendable (Input) -> Void, _ actor: (any Actor)?
    ) -> @Sendable (Input) -> Void {
        guard let actor else { return direct }
        let mailbox = ActorMailbox.of(actor)
        return { input in
            RegionBound.enter(mailbox)
            direct(input)
        }
    }
}

/// A proxy holds closures that joined its object's region (the region form
/// of its registrations), so it must not be shared across isolations: a
/// subclass cannot declare itself `Sendable`. A proxy for an object that calls
/// its delegate from any thread subclasses ``SendableDelegateProxy``.
@available(*, unavailable)
extension DelegateProxy: Sendable {}
