/// The base of every delegate proxy: an object that stands in as some other
/// object's delegate and answers each message with closures, its
/// ``realDelegate``, or the protocol's default.
///
/// A proxy for a protocol is a subclass that conforms to the protocol and to
/// ``SelectorDeclaring``, declares one ``MethodSelector`` per method as a
/// stored property of its `Selectors` value (`static let selectors`), and
/// implements each method with one ``forward(_:_:default:function:call:)``
/// call:
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
/// ## Order of one message
///
/// 1. `before` closures, in registration order;
/// 2. the implementation: the newest `instead` closure if one is registered,
///    otherwise ``realDelegate``, otherwise the protocol's default (the
///    `default:` of ``forward(_:_:default:function:call:)``). An `instead` closure can call
///    through to what it replaced with ``InsteadInvocation/proceed()``. Where the
///    selector's ``ResultCombining`` rule asks for both, the real delegate is
///    asked first and the answers are combined;
/// 3. `after` closures, in registration order; they see the result, and
///    those registered with ``replaceResult(_:options:_:)`` replace
///    it for the later ones and for the caller.
///
/// ## Where closures run
///
/// A closure runs where the code that registered it lives (see the
/// Isolation article). Registered from nonisolated code, it is `@Sendable`
/// and runs synchronously on the thread that sends the message. Registered
/// from an actor (a `@MainActor` view model, top-level code, an actor's method whose
/// closure uses `self`),
/// it is that actor's code. A `before` or `after` closure, or an `implement`
/// for a method that returns nothing, runs on that actor: synchronously when
/// the message is sent on it and no earlier event for the actor waits,
/// otherwise enqueued to it, in the order the messages were sent. An
/// `instead` closure, an `implement` that returns a value and a
/// ``replaceResult(_:options:_:)`` closure must answer at once: they answer
/// only messages sent on their actor, and are passed over for the others
/// (the message goes on as if they were not registered, and a `.once`
/// closure stays unspent).
///
/// ## Tokens and thread safety
///
/// Every registration returns a ``CancellationToken``; releasing it removes
/// the closure. Closures can be added and removed from any thread while
/// messages are sent from others. A message that starts after `cancel()` has
/// returned never calls the closure; one already past its check on another
/// thread may finish. A closure removed by an earlier closure of the same
/// message does not run; one added during a message runs from the next
/// message on. No closure (nor the real delegate) is called while the proxy's
/// lock is held.
///
/// `Delegate` must be a class-bound protocol type such as
/// `any DownloadDelegate`: the real delegate is held weakly.
open class DelegateProxy<Delegate> {
    /// The closures, one handler core per declared selector, and the real
    /// delegate. Spans the class's declaration (see ``ProxyTable``).
    @usableFromInline
    let table: ProxyTable

    /// Creates a proxy with no closures and no real delegate.
    ///
    /// Subclasses must keep a `required init()`: installation creates proxies
    /// through it. Most proxies need no initializer of their own.
    public required init() {
        table = ProxyTable(spanning: ProxyDeclarations.declaration(of: Self.self))
    }

    deinit {
        // Breaks the cores' cycles with their entries and releases every
        // closure; tokens kept after this cancel nothing.
        table.removeAll()
        // The stand-in may outlive the proxy (an object that holds its
        // delegate strongly): it must no longer reach it.
        table.standIn?.proxyDidEnd()
    }

    // MARK: - Real delegate

    /// The delegate that answers messages no `instead` closure answers.
    ///
    /// Held weakly: the proxy never keeps it alive. Installing a proxy with
    /// ``proxy(for:delegate:)`` stores the object's previous delegate here.
    /// Setting the proxy itself (or a proxy whose chain of real delegates
    /// leads back to this one) stores nil, so that a message can never loop.
    public final var realDelegate: Delegate? {
        get {
            table.realDelegate(as: Delegate.self)
        }
        set {
            let object = newValue.map { $0 as AnyObject }
            let accepted = object.flatMap { leadsBackToSelf($0) ? nil : $0 }
            table.setRealDelegate(accepted == nil ? nil : newValue, object: accepted)
        }
    }

    /// Whether following real delegates from `object` reaches this proxy or
    /// its ``standIn``.
    private func leadsBackToSelf(_ object: AnyObject) -> Bool {
        let standIn = table.standIn
        var next: AnyObject? = object
        var steps = 0
        while let current = next, steps < 64 {
            if current === self || current === standIn { return true }
            guard let proxy = current as? DelegateProxy<Delegate> else { return false }
            next = proxy.table.realDelegateObject
            steps += 1
        }
        return next != nil
    }

    // MARK: - Stand-in

    /// The object that the delegating object holds as its delegate in this
    /// proxy's place, forwarding each message to it; nil when the proxy is
    /// itself the delegate.
    ///
    /// A proxy needs a stand-in when its protocol asks for something that a
    /// `DelegateProxy` subclass cannot be. On Apple platforms the delegate
    /// protocols of Apple's frameworks are `@objc` protocols that refine
    /// `NSObjectProtocol`, which a generic Swift class cannot adopt:
    /// ClosureKitFoundation's `DelegateProxyAdapter` is the stand-in for
    /// those, and sets itself here.
    ///
    /// With a stand-in:
    /// - installation (``proxy(for:delegate:)``,
    ///   ``proxy(for:getDelegate:setDelegate:)``) makes the stand-in the
    ///   object's delegate, and ``uninstall(from:delegate:)`` gives the
    ///   object its real delegate back;
    /// - ``realDelegate`` stores nil for the stand-in, as for the proxy
    ///   itself: a message would loop.
    public final var standIn: (any DelegateProxyStandIn)? {
        table.standIn
    }

    /// Makes `standIn` the object that stands in for this proxy as the
    /// delegate (see ``standIn``). The stand-in forwards each message of
    /// the protocol to this proxy.
    ///
    /// Call it once, from the proxy's initializer, before the proxy is
    /// installed. ClosureKitFoundation's `DelegateProxyAdapter.serve(_:)`
    /// calls it for you.
    ///
    /// - Parameter standIn: The stand-in; it must adopt the protocol
    ///   (`Delegate`) for installation to make it the delegate. The proxy
    ///   keeps it alive, and calls its
    ///   ``DelegateProxyStandIn/proxyDidEnd()`` when it ends.
    /// - Precondition: The proxy has no stand-in yet.
    public final func setStandIn(_ standIn: any DelegateProxyStandIn) {
        table.setStandIn(standIn, proxy: "\(Self.self)")
    }

    // MARK: - Registering closures

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
    /// answers; closures registered with `instead(_:options:_:)` can call
    /// through to the next older one.
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's ``declaredSelectors``
    ///     (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Called with the message's arguments; its result is the
    ///     message's result (see ``ResultCombining`` for methods where the
    ///     real delegate answers too).
    /// - Returns: The token that removes the closure.
    public final func implement<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext with body: @escaping @isolated(any) @Sendable (Arguments) -> Result
    ) -> CancellationToken {
        implement(selector, options: options, on: body.isolation, answering: IsolatedCall.synchronous(body))
    }

    /// ``implement(_:options:with:)`` for a closure already made synchronous
    /// (``IsolatedCall``), with its registrant's actor: what a convenience
    /// that adapts a user's closure registers. It must answer now: off its
    /// actor, the message goes on as if it were not there.
    package final func implement<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        answering body: @escaping @Sendable (Arguments) -> Result
    ) -> CancellationToken {
        register(selector, .instead, options, .plain(ActorDelivery.makeAnswering(body, on: actor)))
    }

    /// Answers a method that returns nothing with `body`: the form of
    /// `implement` that, registered from an actor, also runs for messages sent from
    /// other threads, enqueued to that actor in the order they were sent
    /// (see the Isolation article).
    ///
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's ``declaredSelectors``
    ///     (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Called with the message's arguments.
    /// - Returns: The token that removes the closure.
    public final func implement<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        options: RegistrationOptions = [],
        @_inheritActorContext with body: @escaping @isolated(any) @Sendable (Arguments) -> Void
    ) -> CancellationToken {
        implement(selector, options: options, on: body.isolation, delivering: IsolatedCall.synchronous(body))
    }

    /// ``implement(_:options:with:)`` for a method that returns nothing, with
    /// a closure already made synchronous and its registrant's actor.
    package final func implement<Arguments>(
        _ selector: MethodSelector<Arguments, Void>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        delivering body: @escaping @Sendable (Arguments) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body, on: actor)
        let closure = ProxyClosure.plain(ActorDelivery.makeAnswering(body, on: nil))
        return ActorDelivery.token(register(selector, .instead, options, closure), ending: delivery)
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
    /// - Parameters:
    ///   - selector: The method to answer; one of the proxy's ``declaredSelectors``
    ///     (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Returns the message's result.
    /// - Returns: The token that removes the closure.
    public final func instead<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body:
            @escaping @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        // It must answer now: off its actor, the message goes on as if it were not there.
        register(selector, .instead, options, .instead(.instead(body)))
    }

    /// Adds a closure that runs before the implementation of `selector`.
    ///
    /// ```swift
    /// let token = proxy.before(DownloadProxy.selectors.didFinish) { invocation in
    ///     print("download finished")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's ``declaredSelectors``
    ///     (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Sees the arguments; `result` is nil.
    /// - Returns: The token that removes the closure.
    public final func before<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body)
        return ActorDelivery.token(register(selector, .before, options, .observer(body)), ending: delivery)
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
    /// - Parameters:
    ///   - selector: The method to observe; one of the proxy's ``declaredSelectors``
    ///     (any other stops the program).
    ///   - options: ``RegistrationOptions/once`` removes the closure after its
    ///     first call.
    ///   - body: Sees the arguments and the `result`.
    /// - Returns: The token that removes the closure.
    public final func after<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        after(selector, options: options, on: body.isolation, IsolatedCall.synchronous(body))
    }

    /// ``after(_:options:_:)`` for a closure already made synchronous, with
    /// its registrant's actor.
    package final func after<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        _ body: @escaping @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body, on: actor)
        return ActorDelivery.token(register(selector, .after, options, .observer(body)), ending: delivery)
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
    /// Registered from an actor, it replaces the result only for messages
    /// sent on that actor (it must answer at once); for others the message
    /// goes on as if it were not there, as for
    /// ``instead(_:options:_:)-(MethodSelector<Arguments,Result>,_,_)``.
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
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        register(selector, .after, options, .replacer(ActorDelivery.makeAnswering(body)))
    }

    /// Adds an `after` closure that receives only the message's arguments:
    /// what ClosureKitFoundation's closure conveniences (`parser.onCharacters`
    /// and the like) register. It runs where ``after(_:options:_:)`` would,
    /// but no ``Invocation`` is built for it.
    ///
    /// - Parameters:
    ///   - selector: The method to observe.
    ///   - options: `.once` removes the closure after its first call.
    ///   - body: Called with the arguments after the method ran.
    /// - Returns: The token that removes the closure.
    package final func observeAfter<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        _ body: @escaping @Sendable (Arguments) -> Void
    ) -> CancellationToken {
        register(selector, .after, options, .argumentsObserver(body))
    }

    /// Removes every closure of every selector. Their tokens' `cancel()` then
    /// returns `false`. The real delegate stays.
    ///
    /// The same name as ``EventControl/removeAllHandlers()`` and
    /// ``KeyPathObservable/removeAllHandlers()``.
    public final func removeAllHandlers() {
        table.removeAll()
    }

    // MARK: - Introspection

    /// Whether the proxy answers `selector`: true only when `selector` is one
    /// of the proxy's ``declaredSelectors`` and a closure is registered for
    /// it (at any position) or a real delegate is present.
    ///
    /// - Parameter selector: The method asked about.
    public final func responds<Arguments, Result>(to selector: MethodSelector<Arguments, Result>) -> Bool {
        guard declares(selector.id) else { return false }
        return table.realDelegateObject != nil || table.hasClosures(for: selector.id)
    }

    /// Whether the proxy answers the method named `name` (its Swift name);
    /// false for a name the proxy does not declare (see ``declaredSelectors``).
    ///
    /// - Parameter name: A method's Swift name, such as `"task(_:didProgress:)"`.
    public final func responds(to name: String) -> Bool {
        guard let selector = Self.declaredSelectors.first(where: { $0.name == name }) else { return false }
        return table.realDelegateObject != nil || table.hasClosures(for: selector.id)
    }

    /// Whether any closure is registered for `selector`, at any position.
    ///
    /// The same name as ``EventControl/hasHandlers(for:)``.
    ///
    /// - Parameter selector: The method asked about.
    public final func hasHandlers<Arguments, Result>(for selector: MethodSelector<Arguments, Result>) -> Bool {
        table.hasClosures(for: selector.id)
    }

    /// Whether any closure is registered for the erased `selector`, at any
    /// position: ``hasHandlers(for:)-(MethodSelector<Arguments,Result>)`` for
    /// code that holds selectors as a list, such as an adapter that answers
    /// `responds(to:)` from ``declaredSelector(objCName:)``.
    ///
    /// - Parameter selector: The method asked about; false for one the proxy
    ///   does not declare.
    public final func hasHandlers(for selector: AnyMethodSelector) -> Bool {
        table.hasClosures(for: selector.id)
    }

    // MARK: - Internal

    /// Registers `closure`; stops the program when `selector` is not one of
    /// the proxy's ``declaredSelectors``: its closures would never run.
    final func register<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ position: HookPosition,
        _ options: RegistrationOptions,
        _ closure: ProxyClosure<Arguments, Result>
    ) -> CancellationToken {
        requireDeclared(selector)
        // A plain closure answers alone, unless the selector's combining
        // rule asks the real delegate too, or it belongs to an actor (then
        // it answers only messages sent on that actor: see `Answering`).
        var terminal = false
        if case .plain(let body) = closure, body.actor == nil, !selector.combining.callsBoth { terminal = true }
        return table.core(for: selector.id, as: ProxyClosure<Arguments, Result>.self)
            .add(closure, position: position, once: options.contains(.once), terminal: terminal)
    }
}
