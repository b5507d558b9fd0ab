// The region forms again, for one `Sendable` instance: Swift picks them for a
// closure *value* that is not `@Sendable` (a `let` of a plain function type,
// a method of a class that is not `Sendable`, a local `func`), where a
// closure literal takes a `@Sendable` form. A `Sendable` instance is called
// from several threads at once, and such a closure may not run on several at
// once, so each form is deprecated (the compiler warns at the registration)
// and checked (``RegionBound/refuseUnshared(_:registeredFrom:_:)``): from
// nonisolated code the registration stops the program; from an actor the
// closure is that actor's code, and a call elsewhere stops it before the
// closure runs.

extension HookPoint where Owner: Sendable {
    /// The region form of ``before(on:options:isolation:_:)`` for a closure
    /// that is not `@Sendable` on a `Sendable` instance: deprecated, so that
    /// the compiler warns. Declare the closure `@Sendable`, or write it as a
    /// literal (see the HookPoints article, "Which form Swift picks").
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func before(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        RegionBound.refuseUnshared(body.isolation, registeredFrom: isolation, "the before hook of \(selector.name)")
        return addRegion(.observer(bound(body, isolation, .before)), at: .before, on: instance, options: options)
    }

    /// The region form of ``after(on:options:isolation:_:)`` for a closure
    /// that is not `@Sendable` on a `Sendable` instance: deprecated, so that
    /// the compiler warns.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - body: Receives the instance and the call, whose ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func after(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        RegionBound.refuseUnshared(body.isolation, registeredFrom: isolation, "the after hook of \(selector.name)")
        return addRegion(.observer(bound(body, isolation, .after)), at: .after, on: instance, options: options)
    }

    /// The region form of ``instead(on:options:isolation:_:)`` for a closure
    /// that is not `@Sendable` on a `Sendable` instance: deprecated, so that
    /// the compiler warns.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - body: Returns the method's result.
    /// - Returns: The token that removes the hook.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func instead(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        RegionBound.refuseUnshared(body.isolation, registeredFrom: isolation, "the instead hook of \(selector.name)")
        return addRegion(.replacement(bound(body, isolation)), at: .instead, on: instance, options: options)
    }

    /// The region form of ``replaceResult(on:options:isolation:_:)`` for a
    /// closure that is not `@Sendable` on a `Sendable` instance: deprecated,
    /// so that the compiler warns.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - body: Returns the result to pass on.
    /// - Returns: The token that removes the hook.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func replaceResult(
        on instance: Owner,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping @isolated(any) (Owner, Invocation<Arguments, Result>) -> Result
    ) -> CancellationToken {
        RegionBound.refuseUnshared(
            body.isolation, registeredFrom: isolation, "the replaceResult hook of \(selector.name)")
        return addRegion(.result(bound(body, isolation)), at: .after, on: instance, options: options)
    }
}
