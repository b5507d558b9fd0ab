// The region forms again, for a `Sendable` object: Swift picks them for a
// callback *value* that is not `@Sendable` (a `let` of a plain function
// type, a method of a class that is not `Sendable`, a local `func`), where a
// closure literal takes a `@Sendable` form. A `Sendable` object's properties
// are set from several threads at once, and such a callback may not run on
// several at once, so each form is deprecated (the compiler warns at the
// registration) and checked (``RegionBound/refuseUnshared(_:registeredFrom:_:)``):
// from nonisolated code the registration stops the program; from an actor the
// callback is that actor's code, and a set elsewhere stops it before the
// callback runs.

extension KeyPathObservable where Self: Sendable {
    /// The region form for one key path, for a
    /// callback that is not `@Sendable` on a `Sendable` object: deprecated,
    /// so that the compiler warns. Declare the callback `@Sendable`, or write
    /// it as a literal.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        register(keyPath, options: options, unshared(handler, isolation))
    }

    /// The region form for a value that is not `Equatable`, for a callback
    /// that is not `@Sendable` on a `Sendable` object: deprecated, so that
    /// the compiler warns.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NonEquatableObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        register(keyPath, options: options.observationOptions, unshared(handler, isolation))
    }

    /// The region form for several key paths of one `Equatable` type, for a
    /// callback that is not `@Sendable` on a `Sendable` object: deprecated,
    /// so that the compiler warns.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func observe<Value: Equatable>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeSeveral(keyPaths, options: options, unshared(handler, isolation))
    }

    /// The region form for several key paths of one type that is not
    /// `Equatable`, for a callback that is not `@Sendable` on a `Sendable`
    /// object: deprecated, so that the compiler warns.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func observe<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: NonEquatableObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeSeveral(keyPaths, options: options, unshared(handler, isolation))
    }

    /// The region form for key paths of different types, for a callback
    /// that is not `@Sendable` on a `Sendable` object: deprecated, so that
    /// the compiler warns.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for you.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func observe(
        _ keyPaths: [PartialKeyPath<Self>],
        options: NonEquatableObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Any>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeAny(keyPaths, options: options, unshared(handler, isolation))
    }

    /// The callback of a form above, checked and made storable.
    private func unshared<Value>(
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void, _ registrant: (any Actor)?
    ) -> @Sendable (Self, ObservedChange<Value>) -> Void {
        RegionBound.refuseUnshared(handler.isolation, registeredFrom: registrant, "an observer of \(Self.self)")
        return ActorDelivery.bound(handler, registeredFrom: registrant, "an observer of \(Self.self)")
    }
}
