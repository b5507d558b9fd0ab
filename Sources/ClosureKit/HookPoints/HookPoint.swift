/// A hookable method of `Owner`: callers add closures that run before it,
/// instead of it, or after it, for every instance or for one.
///
/// Declare one per hookable method, as a stored property of the type's
/// ``Hookable/hooks`` value, named after the method, and route the method
/// through ``call(_:_:isolation:function:original:)``:
///
/// ```swift
/// final class Uploader: Hookable {
///     struct Hooks {
///         let upload = HookPoint<Uploader, (name: String, bytes: Int), Bool>("upload(name:bytes:)")
///     }
///     static let hooks = Hooks()
///     let hookStorage = HookStorage()
///
///     func upload(name: String, bytes: Int) -> Bool {
///         Self.hooks.upload.call(self, (name, bytes)) { uploader, arguments in
///             uploader.send(arguments.name, arguments.bytes)
///         }
///     }
/// }
///
/// // Every uploader:
/// let log = Uploader.hooks.upload.before { uploader, invocation in
///     print("uploading", invocation.arguments.name)
/// }
/// // One uploader: replace the method, calling through when it likes.
/// let dryRun = Uploader.hooks.upload.instead(on: uploader) { _, invocation in
///     invocation.arguments.bytes > 1_000_000 ? false : invocation.proceed()
/// }
/// ```
///
/// ## Order
///
/// For one call: type-wide `before` hooks, then the instance's `before` hooks
/// (each in registration order); then the `instead` hooks or, if there are
/// none, the original; then type-wide `after` hooks, then the instance's
/// `after` hooks, which see the result. `instead` hooks form a chain: the
/// instance's newest runs first, then (when it calls
/// ``InsteadInvocation/proceed()``) the instance's older ones, then the type-wide
/// ones from newest to oldest, and finally the original. An `instead` hook
/// that does not proceed suppresses everything inside it.
///
/// A type-wide hook registered for `Owner` applies to instances of `Owner`
/// and of its subclasses; one registered `for:` a subclass applies to that
/// subclass and its own subclasses only. Instance hooks end with their
/// instance; removing one instance's hook never touches another's.
///
/// A one-shot (``RegistrationOptions/once``) `instead` hook is used up only
/// when the chain reaches it: when it is the outermost hook of the call, or
/// when the hook outside it proceeds. Behind a newer `instead` hook that does
/// not proceed it stays registered, unspent, and runs at the first call that
/// reaches it. So does one registered with
/// ``RegistrationOptions/onItsActorOnly`` that a call made off its actor
/// passes over (see "Threads").
///
/// ## Declaration
///
/// A hook point is written once, as a stored property of the type's `Hooks`
/// value; nothing lists it again. The library reads that value once per
/// type, by reflection, the first time a hook is registered by name, so the
/// name-based entry points of ``Hookable`` know every hook point before any
/// method has run, and throw a ``HookError`` at the registration for an
/// unknown or misspelled name, a closure of the wrong type or a position the
/// hook point does not take. Nothing waits for a hook point to appear.
///
/// Its name must be the Swift name of the method that routes through it
/// (`#function` there). In a debug build, the first call from each method
/// compares the two and, when they differ, traps with a message naming both
/// the hook point and the method, so that a call pasted from another method
/// or a misspelled name is caught the first time the method runs. It cannot
/// misfire: property accessors (`get`, `set`, `willSet`, `didSet`, whose
/// `#function` is the property's name) and subscripts are not checked, and an
/// `isolation:` parameter is left out of both names. Release builds do not
/// check.
///
/// ## Threads
///
/// Hooks may be added and removed from any thread while the method runs on
/// others, with the semantics of ``CancellationToken``. No library lock is
/// held while a hook runs. A hook runs where the code that registered it
/// lives (see the Isolation article):
/// - Registered from nonisolated code, it is `@Sendable` and runs
///   synchronously on the calling thread.
/// - Registered from an actor (a `@MainActor` view model, another actor,
///   top-level code), it is that actor's code. A `before` or `after` hook
///   runs synchronously when the call is made on that actor and no earlier
///   event for the actor waits, and is enqueued to the actor otherwise, in
///   call order. An `instead` hook or a result replacement answers only calls
///   made on its actor; a call made elsewhere stops the program, naming the
///   fix, unless the registration passed
///   ``RegistrationOptions/onItsActorOnly``: such a call then goes on as if
///   the hook were not registered (a `.once` hook stays unspent).
///
/// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
/// watchOS 26, visionOS 26), the runtime cannot tell the library that code
/// runs on an actor other than the main one. A call is then known to run on
/// such an actor only when ``HookPoint/call(_:_:isolation:function:original:)`` runs
/// in the actor's own isolated code (it records its `isolation`): an
/// `instead` hook or a result replacement registered from that actor answers
/// no other call (at a call from a nonisolated method, the usual shape, the
/// actor's own `preconditionIsolated` stops the program, or, with
/// ``RegistrationOptions/onItsActorOnly``, the call goes on as if the hook
/// were not registered), and a `before` or `after` hook is enqueued for it.
/// The main actor's hooks and nonisolated hooks are not affected.
public final class HookPoint<Owner: Hookable, Arguments, Result>: @unchecked Sendable {
    /// The hooked method's selector: its Swift name and types.
    public let selector: MethodSelector<Arguments, Result>

    let positions: Set<HookPosition>

    /// One lock for every hook of this hook point, type-wide and per
    /// instance, so that a call reads both lists in one critical section.
    @usableFromInline
    let group = HandlerGroup()

    /// The type-wide hooks.
    @usableFromInline
    let typeWide: HandlerCore<Hook>

    /// Counts the type-wide hooks, so that a call on an instance with no
    /// hooks of its own knows without the lock that it has none to run.
    @usableFromInline
    let typeWideTally = HandlerTally()

    /// The method a debug build last checked calling the hook point (see
    /// ``verifyCaller(_:)``).
    @usableFromInline
    let checkedCaller = CallerMemo()

    /// Whether a registration has checked that this hook point is the one
    /// `Owner.hooks` declares (``requireDeclared()``).
    private let declarationChecked = Locked(false)

    /// Creates the hook point of a method.
    ///
    /// - Parameter name: The method's Swift name, such as `"save(to:)"`: the
    ///   name the name-based entry points look for.
    public convenience init(_ name: String) {
        self.init(name: name, positions: Set(HookPosition.allCases))
    }

    init(name: String, positions: Set<HookPosition>) {
        self.selector = MethodSelector(name)
        self.positions = positions
        self.typeWide = HandlerCore(group: group, tally: typeWideTally)
    }

    deinit {
        typeWide.removeAll()
    }

    // MARK: - Registration
    //
    // Each position has five forms, and Swift picks one from the types (see
    // `RegionBound` for why each is sound):
    // - one instance of a type that is not `Sendable`: the closure joins the
    //   instance's region (not `@Sendable`), runs synchronously where the
    //   call is made, and may use its registrant's actor state or local
    //   `var`s; the compiler then keeps the instance in that isolation;
    // - `Sendable` instance, arguments and result, for one instance or every
    //   instance: the closure is `@Sendable` and runs on its registrant's
    //   actor, enqueued when the call comes from elsewhere;
    // - anything else (every instance of a type that is not `Sendable`, or a
    //   `Sendable` instance with arguments that are not): the closure is
    //   `@Sendable` and nonisolated, and runs on the calling thread.

    /// Adds a closure that runs before the method.
    ///
    /// This form hooks one instance of a type that is not `Sendable`. The
    /// closure joins the instance's region: registered on the main actor,
    /// it may use main-actor state, and from then on the compiler keeps the
    /// instance on the main actor, so every call reaches the hook
    /// synchronously, in the caller's isolation. Registered from nonisolated
    /// code, it may capture local `var`s.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    public func before(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        addRegion(.observer(bound(body, isolation, .before)), at: .before, on: instance, options: options)
    }

    /// Adds a closure that runs before the method.
    ///
    /// This form hooks one instance when the instance, the arguments and the
    /// result are `Sendable`: the closure is `@Sendable` and runs on the actor
    /// it was registered from (see ``HookPoint``, "Threads").
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    public func before(
        on instance: Owner,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        observe(
            IsolatedCall.synchronous(body), at: .before, on: instance, for: Owner.self, options: options,
            on: body.isolation)
    }

    /// Adds a closure that runs before the method.
    ///
    /// This form hooks every instance of `type` when the instances, the
    /// arguments and the result are `Sendable`: the closure is `@Sendable`
    /// and runs on the actor it was registered from (see ``HookPoint``,
    /// "Threads").
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked:
    ///     `Owner` unless you name a subclass.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    public func before(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        observe(IsolatedCall.synchronous(body), at: .before, on: nil, for: type, options: options, on: body.isolation)
    }

    /// Adds a closure that runs before the method.
    ///
    /// This form hooks one `Sendable` instance whose arguments or result are
    /// not `Sendable`: they cannot cross to an actor, so the closure is
    /// `@Sendable` and nonisolated, and runs on the calling thread. Written
    /// in actor code, it cannot use the actor's state; one marked with a
    /// global actor traps at the registration.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    public func before(
        on instance: Owner,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken where Owner: Sendable {
        let body = nonisolated(body, "\"before\" hook of \(selector.name)")
        return add(Hook(scope: Owner.self, body: .observer(body)), at: .before, instance: instance, options: options)
    }

    /// Adds a closure that runs before the method.
    ///
    /// This form hooks every instance of a type whose instances, arguments
    /// or result are not `Sendable`: they cannot cross to an actor and no
    /// instance's region can hold the closure, so it is `@Sendable` and
    /// nonisolated, and runs on the calling thread. Written in actor code, it
    /// cannot use the actor's state; one marked with a global actor traps at
    /// the registration. To run a hook on an actor, hook one instance.
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    public func before(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let body = nonisolated(body, "\"before\" hook of \(selector.name)")
        return add(Hook(scope: type, body: .observer(body)), at: .before, instance: nil, options: options)
    }

    /// Adds a closure that runs after the method and sees its result.
    ///
    /// This form hooks one instance of a type that is not `Sendable`. The
    /// closure joins the instance's region: registered on the main actor,
    /// it may use main-actor state, and from then on the compiler keeps the
    /// instance on the main actor, so every call reaches the hook
    /// synchronously, in the caller's isolation. Registered from nonisolated
    /// code, it may capture local `var`s.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    public func after(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        addRegion(.observer(bound(body, isolation, .after)), at: .after, on: instance, options: options)
    }

    /// Adds a closure that runs after the method and sees its result.
    ///
    /// This form hooks one instance when the instance, the arguments and the
    /// result are `Sendable`: the closure is `@Sendable` and runs on the actor
    /// it was registered from (see ``HookPoint``, "Threads").
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    public func after(
        on instance: Owner,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        observe(
            IsolatedCall.synchronous(body), at: .after, on: instance, for: Owner.self, options: options,
            on: body.isolation)
    }

    /// Adds a closure that runs after the method and sees its result.
    ///
    /// This form hooks every instance of `type` when the instances, the
    /// arguments and the result are `Sendable`: the closure is `@Sendable`
    /// and runs on the actor it was registered from (see ``HookPoint``,
    /// "Threads").
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked:
    ///     `Owner` unless you name a subclass.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    public func after(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        observe(IsolatedCall.synchronous(body), at: .after, on: nil, for: type, options: options, on: body.isolation)
    }

    /// Adds a closure that runs after the method and sees its result.
    ///
    /// This form hooks one `Sendable` instance whose arguments or result are
    /// not `Sendable`: they cannot cross to an actor, so the closure is
    /// `@Sendable` and nonisolated, and runs on the calling thread. Written
    /// in actor code, it cannot use the actor's state; one marked with a
    /// global actor traps at the registration.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    public func after(
        on instance: Owner,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken where Owner: Sendable {
        let body = nonisolated(body, "\"after\" hook of \(selector.name)")
        return add(Hook(scope: Owner.self, body: .observer(body)), at: .after, instance: instance, options: options)
    }

    /// Adds a closure that runs after the method and sees its result.
    ///
    /// This form hooks every instance of a type whose instances, arguments
    /// or result are not `Sendable`: they cannot cross to an actor and no
    /// instance's region can hold the closure, so it is `@Sendable` and
    /// nonisolated, and runs on the calling thread. Written in actor code, it
    /// cannot use the actor's state; one marked with a global actor traps at
    /// the registration. To run a hook on an actor, hook one instance.
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    public func after(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        let body = nonisolated(body, "\"after\" hook of \(selector.name)")
        return add(Hook(scope: type, body: .observer(body)), at: .after, instance: nil, options: options)
    }

    /// Adds a closure that runs instead of the method.
    ///
    /// This form hooks one instance of a type that is not `Sendable`. The
    /// closure joins the instance's region: registered on the main actor,
    /// it may use main-actor state, and from then on the compiler keeps the
    /// instance on the main actor, so every call reaches the hook
    /// synchronously, in the caller's isolation. Registered from nonisolated
    /// code, it may capture local `var`s.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Returns the method's result; ``InsteadInvocation/proceed()`` runs what it replaced (an older
    ///     `instead` hook, or the original).
    /// - Returns: The token that removes the hook.
    public func instead(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        addRegion(.replacement(bound(body, isolation)), at: .instead, on: instance, options: options)
    }

    /// Adds a closure that runs instead of the method.
    ///
    /// This form hooks one instance when the instance, the arguments and the
    /// result are `Sendable`: the closure is `@Sendable` and runs on the actor
    /// it was registered from (see ``HookPoint``, "Threads").
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, it answers only calls whose
    /// ``HookPoint/call(_:_:isolation:function:original:)`` runs in that actor's own
    /// isolated code; a call from a nonisolated method, the usual shape, goes
    /// on as if it were not there, and a `.once` hook stays unspent. Those
    /// runtimes cannot tell the library that such a call runs on the actor
    /// (see the Isolation article).
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Returns the method's result; ``InsteadInvocation/proceed()`` runs what it replaced (an older
    ///     `instead` hook, or the original).
    /// - Returns: The token that removes the hook.
    public func instead(
        on instance: Owner,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body:
            @escaping @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        add(
            Hook(scope: Owner.self, body: .replacement(IsolatedCall.synchronous(body)), actor: body.isolation),
            at: .instead, instance: instance, options: options)
    }

    /// Adds a closure that runs instead of the method.
    ///
    /// This form hooks every instance of `type` when the instances, the
    /// arguments and the result are `Sendable`: the closure is `@Sendable`
    /// and runs on the actor it was registered from (see ``HookPoint``,
    /// "Threads").
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, it answers only calls whose
    /// ``HookPoint/call(_:_:isolation:function:original:)`` runs in that actor's own
    /// isolated code; a call from a nonisolated method, the usual shape, goes
    /// on as if it were not there, and a `.once` hook stays unspent. Those
    /// runtimes cannot tell the library that such a call runs on the actor
    /// (see the Isolation article).
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked:
    ///     `Owner` unless you name a subclass.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Returns the method's result; ``InsteadInvocation/proceed()`` runs what it replaced (an older
    ///     `instead` hook, or the original).
    /// - Returns: The token that removes the hook.
    public func instead(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body:
            @escaping @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        add(
            Hook(scope: type, body: .replacement(IsolatedCall.synchronous(body)), actor: body.isolation), at: .instead,
            instance: nil, options: options)
    }

    /// Adds a closure that runs instead of the method.
    ///
    /// This form hooks one `Sendable` instance whose arguments or result are
    /// not `Sendable`: they cannot cross to an actor, so the closure is
    /// `@Sendable` and nonisolated, and runs on the calling thread. Written
    /// in actor code, it cannot use the actor's state; one marked with a
    /// global actor traps at the registration.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Returns the method's result; ``InsteadInvocation/proceed()`` runs what it replaced (an older
    ///     `instead` hook, or the original).
    /// - Returns: The token that removes the hook.
    public func instead(
        on instance: Owner,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken where Owner: Sendable {
        let body = nonisolated(body, "\"instead\" hook of \(selector.name)")
        return add(
            Hook(scope: Owner.self, body: .replacement(body)), at: .instead, instance: instance, options: options)
    }

    /// Adds a closure that runs instead of the method.
    ///
    /// This form hooks every instance of a type whose instances, arguments
    /// or result are not `Sendable`: they cannot cross to an actor and no
    /// instance's region can hold the closure, so it is `@Sendable` and
    /// nonisolated, and runs on the calling thread. Written in actor code, it
    /// cannot use the actor's state; one marked with a global actor traps at
    /// the registration. To run a hook on an actor, hook one instance.
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Returns the method's result; ``InsteadInvocation/proceed()`` runs what it replaced (an older
    ///     `instead` hook, or the original).
    /// - Returns: The token that removes the hook.
    public func instead(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        let body = nonisolated(body, "\"instead\" hook of \(selector.name)")
        return add(Hook(scope: type, body: .replacement(body)), at: .instead, instance: nil, options: options)
    }

    /// Adds a closure that runs after the method and replaces the result the caller receives.
    ///
    /// This form hooks one instance of a type that is not `Sendable`. The
    /// closure joins the instance's region: registered on the main actor,
    /// it may use main-actor state, and from then on the compiler keeps the
    /// instance on the main actor, so every call reaches the hook
    /// synchronously, in the caller's isolation. Registered from nonisolated
    /// code, it may capture local `var`s.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set, and returns the
    ///     result to pass on.
    /// - Returns: The token that removes the hook.
    public func replaceResult(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        addRegion(.result(bound(body, isolation)), at: .after, on: instance, options: options)
    }

    /// Adds a closure that runs after the method and replaces the result the caller receives.
    ///
    /// This form hooks one instance when the instance, the arguments and the
    /// result are `Sendable`: the closure is `@Sendable` and runs on the actor
    /// it was registered from (see ``HookPoint``, "Threads").
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, it answers only calls whose
    /// ``HookPoint/call(_:_:isolation:function:original:)`` runs in that actor's own
    /// isolated code; a call from a nonisolated method, the usual shape, goes
    /// on as if it were not there, and a `.once` hook stays unspent. Those
    /// runtimes cannot tell the library that such a call runs on the actor
    /// (see the Isolation article).
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set, and returns the
    ///     result to pass on.
    /// - Returns: The token that removes the hook.
    public func replaceResult(
        on instance: Owner,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body:
            @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        add(
            Hook(scope: Owner.self, body: .result(IsolatedCall.synchronous(body)), actor: body.isolation), at: .after,
            instance: instance, options: options)
    }

    /// Adds a closure that runs after the method and replaces the result the caller receives.
    ///
    /// This form hooks every instance of `type` when the instances, the
    /// arguments and the result are `Sendable`: the closure is `@Sendable`
    /// and runs on the actor it was registered from (see ``HookPoint``,
    /// "Threads").
    ///
    /// On Apple systems before the 26 releases (macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26), registered from an actor other than the main
    /// actor, it answers only calls whose
    /// ``HookPoint/call(_:_:isolation:function:original:)`` runs in that actor's own
    /// isolated code; a call from a nonisolated method, the usual shape, goes
    /// on as if it were not there, and a `.once` hook stays unspent. Those
    /// runtimes cannot tell the library that such a call runs on the actor
    /// (see the Isolation article).
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked:
    ///     `Owner` unless you name a subclass.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set, and returns the
    ///     result to pass on.
    /// - Returns: The token that removes the hook.
    public func replaceResult(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body:
            @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        add(
            Hook(scope: type, body: .result(IsolatedCall.synchronous(body)), actor: body.isolation), at: .after,
            instance: nil, options: options)
    }

    /// Adds a closure that runs after the method and replaces the result the caller receives.
    ///
    /// This form hooks one `Sendable` instance whose arguments or result are
    /// not `Sendable`: they cannot cross to an actor, so the closure is
    /// `@Sendable` and nonisolated, and runs on the calling thread. Written
    /// in actor code, it cannot use the actor's state; one marked with a
    /// global actor traps at the registration.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set, and returns the
    ///     result to pass on.
    /// - Returns: The token that removes the hook.
    public func replaceResult(
        on instance: Owner,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken where Owner: Sendable {
        let body = nonisolated(body, "\"replaceResult\" hook of \(selector.name)")
        return add(Hook(scope: Owner.self, body: .result(body)), at: .after, instance: instance, options: options)
    }

    /// Adds a closure that runs after the method and replaces the result the caller receives.
    ///
    /// This form hooks every instance of a type whose instances, arguments
    /// or result are not `Sendable`: they cannot cross to an actor and no
    /// instance's region can hold the closure, so it is `@Sendable` and
    /// nonisolated, and runs on the calling thread. Written in actor code, it
    /// cannot use the actor's state; one marked with a global actor traps at
    /// the registration. To run a hook on an actor, hook one instance.
    ///
    /// - Parameters:
    ///   - type: The class whose instances (and subclasses') are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set, and returns the
    ///     result to pass on.
    /// - Returns: The token that removes the hook.
    public func replaceResult(
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        _ body: @escaping @isolated(any) @Sendable (Owner, Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        let body = nonisolated(body, "\"replaceResult\" hook of \(selector.name)")
        return add(Hook(scope: type, body: .result(body)), at: .after, instance: nil, options: options)
    }

    /// Registers a region-form hook on one instance (the closure made
    /// storable by a `bound` below).
    func addRegion(
        _ body: Hook.Body, at position: HookPosition, on instance: Owner, options: RegistrationOptions
    ) -> CancellationToken {
        add(Hook(scope: Owner.self, body: body), at: position, instance: instance, options: options)
    }

    /// A region-bound `before` or `after` closure, made storable (see
    /// ``RegionBound``).
    func bound(
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Void,
        _ registrant: (any Actor)?, _ position: HookPosition
    ) -> @Sendable (Owner, Invocation<Arguments, Result>) -> Void {
        ActorDelivery<(Owner, Invocation<Arguments, Result>)>.bound(
            body, registeredFrom: registrant, "the \(position) hook of \(selector.name)")
    }

    /// A region-bound `instead` closure, made storable.
    func bound(
        _ body: @escaping @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result,
        _ registrant: (any Actor)?
    ) -> @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
        HookBodies<Owner, Arguments, Result>.bound(
            body,
            RegionBound.actor(of: body.isolation, registeredFrom: registrant, "the instead hook of \(selector.name)"))
    }

    /// A region-bound result replacement, made storable.
    func bound(
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Result,
        _ registrant: (any Actor)?
    ) -> @Sendable (Owner, Invocation<Arguments, Result>) -> Result {
        HookBodies<Owner, Arguments, Result>.bound(
            body,
            RegionBound.actor(
                of: body.isolation, registeredFrom: registrant, "the replaceResult hook of \(selector.name)"))
    }

    /// A nonisolated-only closure, made callable: traps when it was marked
    /// with an actor (see ``ActorDelivery/nonisolated(_:_:_:)``).
    private func nonisolated<Input, Output>(
        _ body: @escaping @isolated(any) @Sendable (Owner, Input) -> Output, _ what: @autoclosure () -> String
    ) -> @Sendable (Owner, Input) -> Output {
        ActorDelivery<Void>.nonisolated(IsolatedCall.synchronous(body), body.isolation, what())
    }

    /// A nonisolated-only `instead` closure, made callable.
    private func nonisolated(
        _ body: @escaping @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result,
        _ what: @autoclosure () -> String
    ) -> @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
        ActorDelivery<Void>.nonisolated(IsolatedCall.synchronous(body), body.isolation, what())
    }

    /// Registers a `before` or `after` observer of `Sendable` values,
    /// delivered in the isolation its registration recorded.
    private func observe(
        _ body: @escaping @Sendable (Owner, Invocation<Arguments, Result>) -> Void,
        at position: HookPosition,
        on instance: Owner?,
        for type: Owner.Type,
        options: RegistrationOptions,
        on actor: (any Actor)?
    ) -> CancellationToken where Owner: Sendable, Arguments: Sendable, Result: Sendable {
        let (body, delivery) = ActorDelivery.make(body, on: actor)
        let token = add(Hook(scope: type, body: .observer(body)), at: position, instance: instance, options: options)
        return ActorDelivery.token(token, ending: delivery)
    }

    // MARK: - Calling

    /// Runs the hooked method: hooks and the original, in the order the type
    /// documents.
    ///
    /// Call it from the method's body, passing the original implementation.
    /// With no hook registered it calls `original` after one atomic load;
    /// on an instance with no hooks of its own while the type has none, after
    /// three.
    ///
    /// - Parameters:
    ///   - instance: The instance the method runs on.
    ///   - arguments: The method's arguments (a tuple for several).
    ///   - isolation: The caller's actor, which Swift passes for you: hooks
    ///     registered from the same actor run at once (see the Isolation
    ///     article).
    ///   - function: The calling method's name, which Swift passes for you:
    ///     a debug build checks it against the hook point's name once (see
    ///     "Declaration" above). Leave the default.
    ///   - original: The method's own implementation.
    /// - Returns: The result of the instead chain or of the original.
    @inlinable
    public func call(
        _ instance: Owner,
        _ arguments: Arguments,
        isolation: isolated (any Actor)? = #isolation,
        function: StaticString = #function,
        original: (Owner, Arguments) -> Result
    ) -> Result {
        #if DEBUG
        if !checkedCaller.isLast(function) { verifyCaller(function) }
        #endif
        guard group.live.load() != 0,
            typeWideTally.live.load() != 0 || instance.hookStorage.tally.live.load() != 0
        else { return original(instance, arguments) }
        if isolation == nil { return callWithHooks(instance, arguments, original: original) }
        return callWithHooks(instance, arguments, from: isolation, original: original)
    }

    /// ``callWithHooks(_:_:original:)`` from a caller isolated to `isolation`:
    /// hooks registered from that actor run at once (``SenderIsolation``).
    @usableFromInline
    func callWithHooks(
        _ instance: Owner,
        _ arguments: Arguments,
        from isolation: (any Actor)?,
        original: (Owner, Arguments) -> Result
    ) -> Result {
        SenderIsolation.during(isolation) { callWithHooks(instance, arguments, original: original) }
    }

    @inlinable
    func callWithHooks(
        _ instance: Owner,
        _ arguments: Arguments,
        original: (Owner, Arguments) -> Result
    ) -> Result {
        // The commonest call: the instance's one hook, a `before` or an
        // `instead` hook, not one-shot, and no type-wide hooks. It takes a
        // path that does only that (``callWithSoleHook(_:_:original:)``),
        // tried while no `after` or one-shot hook and no type-wide hook is
        // registered at this hook point: two counts read without the lock, a
        // hint (the path checks under the lock), so that the calls of a hook
        // point with such hooks pay no second walk and lock.
        if group.passedOver.load() == 0, typeWideTally.live.load() == 0,
            let result = callWithSoleHook(instance, arguments, original: original)
        {
            return result
        }
        let own = instance.hookStorage.core(for: selector.id).map { HandlerCore<Hook>.typed(core: $0) }
        let dynamicType: AnyObject.Type = type(of: instance)
        // One snapshot of each list, in one critical section, serves every
        // stage of the call: a hook removed meanwhile is skipped, one added
        // is not visited.
        let (typeWideRead, ownRead) = typeWide.read(with: own)
        let selector = selector
        // The engine's stages: type-wide hooks (those that apply to this
        // instance's class), then the instance's.
        return Stages.run(
            selector, arguments,
            shared: typeWide.dispatch(typeWideRead), where: { $0.applies(to: dynamicType) },
            own: ownRead.flatMap { own?.dispatch($0) }, ready: { $0.isReady },
            observe: { hook, position, result in
                let invocation = Invocation(
                    selector: selector, position: position, arguments: arguments, result: result)
                switch hook.body {
                case .observer(let body):
                    body(instance, invocation)
                    return nil
                case .result(let body): return body(instance, invocation)
                case .replacement: return nil
                }
            },
            link: { hook, arguments, next in
                guard case .replacement(let body) = hook.body else { return nil }
                return next.withInvocation(selector, arguments) { body(instance, &$0) }
            },
            combine: nil,
            end: { original(instance, $0) })
    }

    /// ``callWithHooks(_:_:original:)`` for an instance whose one hook is a
    /// `before` or an `instead` hook, not one-shot, with no type-wide hooks
    /// (``HookStorage/readSole(_:of:unless:_:)`` reads its closure and actor
    /// in one critical section): it calls a `before` hook and then the
    /// original, or an `instead` hook with `proceed()` bound to the original,
    /// with none of the stages' loops and claims
    /// (``InsteadChain/runOne(arguments:link:end:)``). Nil, having run
    /// nothing, when the instance has other hooks, or the hook cannot run on
    /// this thread now: the stages then take the call.
    ///
    /// Out of line: inlined into ``callWithHooks(_:_:original:)``, its
    /// code would weigh on the general path of every call.
    @inlinable @inline(never)
    func callWithSoleHook(
        _ instance: Owner,
        _ arguments: Arguments,
        original: (Owner, Arguments) -> Result
    ) -> Result? {
        // The hook's closure and actor, copied under the lock; whether it
        // can run on this thread is asked after (it may ask an executor).
        guard
            let (body, actor) = instance.hookStorage.readSole(
                selector.id, of: Hook.self, unless: typeWideTally, { ($0.body, $0.actor) })
        else { return nil }
        if let actor, !ActorMailbox.isRunning(on: actor) { return nil }
        switch consume body {
        case .observer(let body):
            body(instance, Invocation(selector: selector, position: .before, arguments: arguments))
            return original(instance, arguments)
        case .replacement(let body):
            let selector = selector
            return InsteadChain.runOne(
                arguments: arguments,
                link: { arguments, next in next.withInvocation(selector, arguments) { body(instance, &$0) } },
                end: { original(instance, $0) })
        case .result:
            // Never the sole element: `after` hooks take the stages.
            return nil
        }
    }

    /// Registers a nonisolated `after` observer (for ``calls(on:for:buffering:)``).
    func observeCalls(
        on instance: Owner?,
        for type: Owner.Type,
        _ body: @escaping @Sendable (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        add(Hook(scope: type, body: .observer(body)), at: .after, instance: instance, options: [])
    }

    /// Registers a `before` or `after` observer that runs during the call
    /// or not at all: registered from an actor, it runs for calls made on
    /// that actor and is passed over for others (the end-of-life hook).
    func addAnswering(
        _ body: @escaping @Sendable (Owner, Invocation<Arguments, Result>) -> Void,
        at position: HookPosition,
        on instance: Owner?,
        for type: Owner.Type,
        options: RegistrationOptions,
        on actor: (any Actor)?
    ) -> CancellationToken {
        add(
            Hook(scope: type, body: .observer(body), actor: actor, passesOver: true), at: position, instance: instance,
            options: options)
    }

    // MARK: - Private

    private func add(_ hook: Hook, at position: HookPosition, instance: Owner?, options: RegistrationOptions)
        -> CancellationToken
    {
        precondition(
            positions.contains(position),
            "\(selector.name) takes only \(positions.map(\.description).sorted().joined(separator: ", ")) hooks, not "
                + "\(position)"
        )
        requireDeclared()
        let once = options.contains(.once)
        var hook = hook
        if options.contains(.onItsActorOnly) { hook.passesOver = true }
        guard let instance else {
            return typeWide.add(hook, position: position, once: once)
        }
        let storage = instance.hookStorage
        let hooks = storage.core(for: selector.id, of: instance) {
            HandlerCore<Hook>(group: group, tally: storage.tally)
        }
        // A computed `hookStorage` makes a new storage at each access: the
        // hook would go to one that no call ever reads.
        precondition(
            instance.hookStorage === storage,
            "ClosureKit: \(Owner.self).hookStorage returns a new HookStorage at each access, so hooks would never "
                + "run. Declare it as a stored property: `let hookStorage = HookStorage()`.")
        return HandlerCore<Hook>.typed(core: hooks).add(hook, position: position, once: once)
    }

    /// Stops the program when this hook point has the name of one that
    /// `Owner.hooks` declares but is not that one: `hooks` is computed, so
    /// the method's calls use hook points that no registration reaches.
    /// Once per hook point (a computed `hooks` makes a new one each time).
    private func requireDeclared() {
        guard !declarationChecked.withLock({ $0 }) else { return }
        let declared = HookDeclarations.hookPoints(of: Owner.self)
        let named = declared.contains { $0.name == selector.name }
        precondition(
            !named || declared.contains { $0 === self },
            HookDeclarations.computedHooksMessage(Owner.self))
        declarationChecked.withLock { $0 = true }
    }

    /// The name-based registration: checks the position and the closure's
    /// type, then registers.
    func register(_ registration: HookRegistration) throws(HookError) -> CancellationToken {
        let position = registration.position
        let owner = "\(Owner.self)"
        guard positions.contains(position) else {
            throw .positionNotAllowed(name: selector.name, owner: owner, position: position)
        }
        // From nonisolated code the closure runs on every calling thread.
        let m = registration.isolation == nil ? "@Sendable " : ""
        let typed = "\(m)(\(Owner.self), Invocation<\(Arguments.self), \(Result.self)>)"
        let erased = "\(m)(Invocation<Any, Any>) -> ()"
        let expected: String
        switch position {
        case .before:
            expected = "\(typed) -> () or \(erased)"
        case .after:
            expected = "\(typed) -> (), \(erased) or \(typed) -> \(Result.self)"
        case .instead:
            let invocation = "inout InsteadInvocation<\(Arguments.self), \(Result.self)>"
            expected = "\(m)(\(Owner.self), \(invocation)) -> \(Result.self)"
        }
        let mismatch = HookError.signatureMismatch(
            name: selector.name, owner: owner, position: position, expected: expected,
            given: "\(type(of: registration.body))")
        guard let ownerScope = registration.scope as? Owner.Type else { throw mismatch }
        var instance: Owner?
        if let given = registration.instance {
            guard let typed = given as? Owner else { throw mismatch }
            instance = typed
        }
        let options = registration.options
        let isolation = registration.isolation
        // Given as `Any`, the closure's types say nothing the compiler
        // checked about the values it receives, and no run-time check can
        // tell whether they are `Sendable`. So an actor's closure is taken
        // only for one instance: Swift merged it (a non-`Sendable` argument
        // of the instance's `hook`) into the instance's region, and it runs
        // synchronously where the call is made (``RegionBound``). For every
        // instance, only a nonisolated `@Sendable` closure is taken.
        if let isolation, instance == nil {
            throw .valuesCannotCross(name: selector.name, owner: owner, position: position, actor: "\(isolation)")
        }
        let bodies = HookBodies<Owner, Arguments, Result>.self
        switch position {
        case .before, .after:
            if let observer = bodies.observer(from: registration.body, actor: isolation) {
                return add(
                    Hook(scope: ownerScope, body: .observer(observer)), at: position, instance: instance,
                    options: options)
            }
            // At `after`, a closure that returns the result replaces it.
            guard position == .after, let replacement = bodies.replacement(from: registration.body, actor: isolation)
            else {
                throw mismatch
            }
            return add(
                Hook(scope: ownerScope, body: .result(replacement)), at: .after, instance: instance,
                options: options)
        case .instead:
            guard let body = bodies.instead(from: registration.body, actor: isolation) else { throw mismatch }
            return add(
                Hook(scope: ownerScope, body: .replacement(body)), at: .instead, instance: instance,
                options: options)
        }
    }

}

extension HookPoint {
    /// One registered hook: the element of the hook point's handler cores.
    @usableFromInline
    struct Hook: Sendable {
        @usableFromInline
        enum Body: Sendable {
            /// A `before` or `after` hook: it receives the instance and the call.
            case observer(@Sendable (Owner, Invocation<Arguments, Result>) -> Void)
            /// An `instead` hook: it receives the instance and the call, and
            /// returns the result.
            case replacement(@Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result)
            /// An `after` hook that replaces the result.
            case result(@Sendable (Owner, Invocation<Arguments, Result>) -> Result)
        }

        /// The class whose instances (and subclasses') the hook applies to.
        @usableFromInline let scope: AnyObject.Type
        @usableFromInline let body: Body
        /// For a hook that must answer (`replacement`, `result`) registered
        /// from an actor: that actor. It answers only calls made on it.
        @usableFromInline let actor: (any Actor)?
        /// Whether a call made off ``actor`` passes the hook over rather
        /// than stopping the program (see ``AnswerPolicy``).
        @usableFromInline var passesOver: Bool

        init(scope: AnyObject.Type, body: Body, actor: (any Actor)? = nil, passesOver: Bool = false) {
            self.scope = scope
            self.body = body
            self.actor = actor
            self.passesOver = passesOver
        }

        /// Whether the hook can run on this thread now (see ``AnswerPolicy``).
        @inlinable
        var isReady: Bool {
            AnswerPolicy.canAnswer(actor, passesOver: passesOver)
        }

        /// Whether the hook applies to an instance of `dynamicType`: its
        /// scope is `dynamicType` or a superclass of it.
        @inlinable
        func applies(to dynamicType: AnyObject.Type) -> Bool {
            inherits(dynamicType, from: scope)
        }
    }
}

extension HookPoint: NamedHookPoint, DeclaredHookPoint {
    var name: String { selector.name }
    var signature: String { selector.signature }
    var namedHookPoint: any NamedHookPoint { self }

    /// Checks that the method calling the hook point is the one it is named
    /// after, and reports the mistake otherwise (debug builds only). Once per
    /// calling method: it remembers the last one.
    ///
    /// It cannot misfire: an accessor (`get`, `set`, `willSet`, `didSet`,
    /// whose `#function` is the property's name) and a subscript are not
    /// checked, and an `isolation:` parameter is left out of both names.
    @usableFromInline
    func verifyCaller(_ function: StaticString) {
        defer { checkedCaller.remember(function) }
        let caller = "\(function)"
        guard let method = CallerName.checkable(caller),
            method != CallerName.checkable(selector.name) ?? selector.name
        else { return }
        let owner = "\(Owner.self)"
        let ownHookPoint = HookDeclarations.hookPoints(of: Owner.self).contains {
            CallerName.checkable($0.name) == method
        }
        if ownHookPoint {
            HookPointDiagnostics.report(
                "\(owner).\(caller) calls the hook point of \(selector.name): hooks of \(selector.name) would run "
                    + "when \(caller) is called. Route \(caller) through its own hook point.")
        } else {
            HookPointDiagnostics.report(
                "The hook point \"\(selector.name)\" of \(owner) is called from \(caller): a hook point is named "
                    + "after the method that calls it. Name it \"\(caller)\", or, if the call was copied from "
                    + "\(selector.name), give \(caller) a hook point of its own.")
        }
    }
}

/// The method names the debug-build check compares.
enum CallerName {
    /// `name` without an `isolation:` parameter, or nil for a name that says
    /// nothing about the method: a property's (what `#function` is in its
    /// accessors) or a subscript's.
    static func checkable(_ name: String) -> String? {
        guard let open = name.firstIndex(of: "("), name.last == ")", !name.hasPrefix("subscript(") else {
            return nil
        }
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
            .split(separator: ":").filter { $0 != "isolation" }
        return name[..<open] + "(" + labels.map { $0 + ":" }.joined() + ")"
    }
}

/// The conversions of registered closures to the `@Sendable` hooks a hook
/// point stores. Generic over any class (not only `Hookable` ones), so that
/// the `@Sendable` closures made here capture a metatype that is `Sendable`.
enum HookBodies<Owner: AnyObject, Arguments, Result> {
    /// The observer `body` is, or nil. From nonisolated code (`actor` is
    /// nil) a `@Sendable` closure is taken: it runs on every calling thread.
    /// From an actor (only for one instance: see
    /// ``HookPoint/register(_:)``), a plain closure is taken: Swift checked
    /// it as that actor's code and merged it into the instance's region, and
    /// it runs synchronously where the call is made (``RegionBound``).
    static func observer(
        from body: Any, actor: (any Actor)?
    ) -> (@Sendable (Owner, Invocation<Arguments, Result>) -> Void)? {
        if actor == nil, let observer = body as? @Sendable (Owner, Invocation<Arguments, Result>) -> Void {
            return observer
        }
        if actor == nil, let erased = body as? @Sendable (Invocation<Any, Any>) -> Void {
            // The observer that works with any method, as on proxies.
            return { _, invocation in erased(invocation.erased) }
        }
        guard let actor else { return nil }
        if let plain = body as? (Owner, Invocation<Arguments, Result>) -> Void
            ?? body as? @Sendable (Owner, Invocation<Arguments, Result>) -> Void
        {
            let bound = RegionBound.Box(plain, on: actor)
            return { owner, invocation in
                bound.enter()
                bound.body(owner, invocation)
            }
        }
        if let erased = body as? (Invocation<Any, Any>) -> Void ?? body as? @Sendable (Invocation<Any, Any>) -> Void {
            let bound = RegionBound.Box(erased, on: actor)
            return { _, invocation in
                bound.enter()
                bound.body(invocation.erased)
            }
        }
        return nil
    }

    /// The `instead` hook `body` is, or nil; the same rule as
    /// ``observer(from:actor:)``.
    static func instead(
        from body: Any, actor: (any Actor)?
    ) -> (@Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result)? {
        if actor == nil, let hook = body as? @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
            return hook
        }
        guard let actor else { return nil }
        if let plain = body as? (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
            ?? body as? @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
        {
            let bound = RegionBound.Box(plain, on: actor)
            return { owner, invocation in
                bound.enter()
                return bound.body(owner, &invocation)
            }
        }
        return nil
    }

    /// The result replacement `body` is, or nil; the same rule as
    /// ``observer(from:actor:)``.
    static func replacement(
        from body: Any, actor: (any Actor)?
    ) -> (@Sendable (Owner, Invocation<Arguments, Result>) -> Result)? {
        if actor == nil, let replacement = body as? @Sendable (Owner, Invocation<Arguments, Result>) -> Result {
            return replacement
        }
        guard let actor else { return nil }
        if let plain = body as? (Owner, Invocation<Arguments, Result>) -> Result
            ?? body as? @Sendable (Owner, Invocation<Arguments, Result>) -> Result
        {
            let bound = RegionBound.Box(plain, on: actor)
            return { owner, invocation in
                bound.enter()
                return bound.body(owner, invocation)
            }
        }
        return nil
    }

    /// A region-bound `instead` closure of `actor` (checked by
    /// ``RegionBound/actor(of:registeredFrom:_:)``), made storable.
    static func bound(
        _ body: @escaping @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result,
        _ actor: (any Actor)?
    ) -> @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
        let direct = IsolatedCall.bound(body)
        guard let actor else { return direct }
        let mailbox = ActorMailbox.of(actor)
        return { owner, invocation in
            RegionBound.enter(mailbox)
            return direct(owner, &invocation)
        }
    }

    /// A region-bound result replacement, made storable.
    static func bound(
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Result,
        _ actor: (any Actor)?
    ) -> @Sendable (Owner, Invocation<Arguments, Result>) -> Result {
        let direct = IsolatedCall.bound(body)
        guard let actor else { return direct }
        let mailbox = ActorMailbox.of(actor)
        return { owner, invocation in
            RegionBound.enter(mailbox)
            return direct(owner, invocation)
        }
    }

    /// An `after` hook that hands each call's arguments and result to `yield`.
    static func results(
        _ yield: @escaping @Sendable ((arguments: Arguments, result: Result)) -> Void
    ) -> @Sendable (Owner, Invocation<Arguments, Result>) -> Void {
        { _, invocation in
            // An after hook always sees the result.
            guard let result = invocation.result else { return }
            yield((invocation.arguments, result))
        }
    }

    /// An `after` hook that hands `transform`'s value of each call to `yield`.
    static func transformed<Element>(
        _ transform: @escaping @Sendable (Owner, Invocation<Arguments, Result>) -> Element,
        _ yield: @escaping @Sendable (Element) -> Void
    ) -> @Sendable (Owner, Invocation<Arguments, Result>) -> Void {
        { owner, invocation in yield(transform(owner, invocation)) }
    }

    /// A hook of the end-of-life hook point that runs `run` with the instance.
    static func instance(_ run: @escaping @Sendable (Owner) -> Void)
        -> @Sendable (Owner, Invocation<Void, Void>) -> Void
    {
        { owner, _ in run(owner) }
    }
}
