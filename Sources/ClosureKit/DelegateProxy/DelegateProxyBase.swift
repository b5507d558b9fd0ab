/// What every delegate proxy shares: the closures' table, the real delegate,
/// the stand-in, forwarding, installation, declarations, and the closures
/// registered by name. A proxy subclasses one of its two subclasses, which
/// differ only in the closures they take:
///
/// - ``DelegateProxy``, for an object used in one isolation at a time (a
///   view, a parser, a stream: most delegating objects). It is never
///   `Sendable`, so its closures may join its region: registered on the main
///   actor they may use main-actor state and receive values that are not
///   `Sendable`, and registered from nonisolated code they may capture local
///   `var`s.
/// - ``SendableDelegateProxy``, for an object that calls its delegate from
///   any thread (a `URLSession`, a `FileManager`): it is `Sendable`, so its
///   closures are `@Sendable`, and one registered on an actor receives only
///   `Sendable` values.
///
/// Subclass one of those: this class takes no closures of its own but those
/// registered by name (nonisolated and `@Sendable`, sound on either). See
/// ``DelegateProxy`` for how a proxy is written.
///
/// ## Order of one message
///
/// 1. `before` closures, in registration order;
/// 2. the implementation: the newest `instead` closure if one is registered,
///    otherwise ``realDelegate``, otherwise the protocol's default (the
///    `default:` of ``forward(_:_:default:function:call:)``). An `instead`
///    closure can call through to what it replaced with
///    ``InsteadInvocation/proceed()``. Where the selector's
///    ``ResultCombining`` rule asks for both, the real delegate is asked
///    first and the answers are combined;
/// 3. `after` closures, in registration order; they see the result, and
///    those registered with `replaceResult` replace it for the later ones and
///    for the caller.
///
/// ## Tokens and thread safety
///
/// Every registration returns a ``CancellationToken``; releasing it removes
/// the closure. On a proxy that is shared, closures can be added and removed
/// from any thread while messages are sent from others. A message that
/// starts after `cancel()` has returned never calls the closure; one already
/// past its check on another thread may finish. A closure removed by an
/// earlier closure of the same message does not run; one added during a
/// message runs from the next message on. No closure (nor the real delegate)
/// is called while the proxy's lock is held.
///
/// `Delegate` must be a class-bound protocol type such as
/// `any DownloadDelegate`: the real delegate is held weakly.
open class DelegateProxyBase<Delegate> {
    /// The closures, one handler core per declared selector, and the real
    /// delegate. Spans the class's declaration (see ``ProxyTable``).
    @usableFromInline
    let table: ProxyTable

    /// Creates a proxy with no closures and no real delegate.
    ///
    /// Subclasses must keep a `required init()`: installation creates proxies
    /// through it. Most proxies need no initializer of their own.
    public required init() {
        table = ProxyTable(spanning: ProxyDeclarations.declaration(of: Self.self), confined: false)
    }

    /// Creates a proxy whose table is `confined` to the proxy's region (see
    /// ``ProxyTable/confined``): what ``DelegateProxy`` creates.
    init(confined: Bool) {
        table = ProxyTable(spanning: ProxyDeclarations.declaration(of: Self.self), confined: confined)
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
            guard let proxy = current as? DelegateProxyBase<Delegate> else { return false }
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
    /// proxy class cannot be. On Apple platforms the delegate
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

    // MARK: - Registration, for conveniences (values that may cross)

    /// Sets a closure already made synchronous (``IsolatedCall``), with its
    /// registrant's actor, to answer `selector`: what a convenience that
    /// adapts a user's `@Sendable` closure registers (the Sendable-values
    /// form). It must answer now: off its actor, the message goes on as if
    /// it were not there. The arguments and the result are `Sendable`,
    /// because the closure answers in place of the sender's own code.
    package final func implement<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        answering body: @escaping @Sendable (Arguments) -> Result
    ) -> CancellationToken {
        answer(selector, options, ActorDelivery.makeAnswering(body, on: actor))
    }

    /// ``implement(_:options:on:answering:)`` for a method that returns
    /// nothing: registered from an actor, the closure also runs for messages
    /// sent elsewhere, enqueued to the actor with the arguments, which may
    /// cross because they are `Sendable`.
    package final func implement<Arguments: Sendable>(
        _ selector: MethodSelector<Arguments, Void>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        delivering body: @escaping @Sendable (Arguments) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body, on: actor)
        let token = answer(selector, options, ActorDelivery.makeAnswering(body, on: nil))
        return ActorDelivery.token(token, ending: delivery)
    }

    /// An `after` closure already made synchronous, with its registrant's
    /// actor: runs where `after` of the Sendable-values form would, the
    /// invocation enqueued to the actor when the message is sent elsewhere.
    package final func after<Arguments: Sendable, Result: Sendable>(
        _ selector: MethodSelector<Arguments, Result>,
        options: RegistrationOptions = [],
        on actor: (any Actor)?,
        _ body: @escaping @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let (body, delivery) = ActorDelivery.make(body, on: actor)
        return ActorDelivery.token(observe(selector, .after, options, body), ending: delivery)
    }

    /// Adds a nonisolated `after` closure that receives only the message's
    /// arguments, synchronously, on the thread that sends: what a convenience
    /// registers around a closure of its own (ClosureKitFoundation's
    /// `NSCache.onEvict`, which picks the value to hand over first). No
    /// ``Invocation`` is built for it. `@Sendable` and of no actor, it is
    /// sound on any proxy, whatever the arguments.
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

    /// Registers an `instead` closure that takes the arguments alone: one of
    /// no actor as ``ProxyClosure/answer(_:)``, with no isolation to check at
    /// each message, one of an actor as ``ProxyClosure/plain(_:)``.
    final func answer<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ options: RegistrationOptions,
        _ body: Answering<@Sendable (Arguments) -> Result>
    ) -> CancellationToken {
        guard body.actor != nil else { return register(selector, .instead, options, .answer(body.body)) }
        return register(selector, .instead, options, .plain(body))
    }

    /// Registers a `before` or `after` closure that takes the invocation.
    final func observe<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ position: HookPosition,
        _ options: RegistrationOptions,
        _ body: @escaping @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        register(selector, position, options, .observer(body))
    }

    /// Registers `closure`; stops the program when `selector` is not one of
    /// the proxy's ``declaredSelectors``: its closures would never run.
    final func register<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ position: HookPosition,
        _ options: RegistrationOptions,
        _ closure: ProxyClosure<Arguments, Result>
    ) -> CancellationToken {
        requireDeclared(selector)
        // A plain closure of no actor answers alone, unless the selector's
        // combining rule asks the real delegate too. One of an actor
        // (`.plain`) answers only messages sent on that actor: see
        // `Answering`.
        var terminal = false
        if case .answer = closure, !selector.combining.callsBoth { terminal = true }
        return table.add(
            closure.applying(options), for: selector.id, position: position, once: options.contains(.once),
            terminal: terminal)
    }
}
