// Every registration below has up to three forms, and Swift picks one from
// the types (see `RegionBound` in Isolation/ActorDelivery.swift, and the
// Isolation article, "What a closure receives"):
// - the region form, for an object that is not `Sendable`: the closure is
//   `@isolated(any)` but not `@Sendable`, so region-based isolation merges it
//   into the object's region, and it runs synchronously, on the setting
//   thread (`ActorDelivery.bound`);
// - the `Sendable` form, for a `Sendable` object and `Sendable` values: the
//   closure runs on its actor and a change set elsewhere is enqueued to it
//   (`ActorDelivery.make`);
// - the nonisolated form, for a `Sendable` object whose values are not
//   `Sendable` (and for key paths of different types, whose values reach the
//   closure as `Any`): the closure is `@Sendable` and nonisolated, and runs
//   on the setting thread (`ActorDelivery.nonisolated`).
// All three are `@isolated(any)`: a plain `@Sendable` closure parameter would
// outrank the others whatever the types.

// MARK: - One key path of an Equatable value

extension KeyPathObservable {
    /// Observes the value at `keyPath` with a closure.
    ///
    /// ```swift
    /// let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
    ///     print("volume", change.oldValue!, "->", change.newValue!)
    /// }
    /// ```
    ///
    /// The key path may name an ``ObservableProperty`` of this object, run
    /// through observable intermediate objects (`\.owner.address.city`), or
    /// name a computed property that reads observable ones. Every observable
    /// property it reads is observed; when an intermediate object is
    /// replaced, the observation re-wires itself to the new one, and each
    /// change carries the old and new values of the whole path. Properties it
    /// reads that are not marked ``ObservableProperty`` are not observed.
    ///
    /// Callbacks run after the value is stored (``ObservationOptions/prior``
    /// callbacks run before it is stored), with no library lock held: the
    /// callback may set properties and add or remove observations, itself
    /// included. A set from another thread that races with
    /// ``CancellationToken/cancel()`` may still deliver one callback if its
    /// dispatch had begun; once `cancel()` has returned, no new dispatch
    /// calls the closure.
    ///
    /// ## Where the callback runs
    ///
    /// This form is for an object that is not `Sendable` (a plain model
    /// class). The callback joins the object's region: registered on the main
    /// actor (a `@MainActor` view model observing the model it owns), it may
    /// use main-actor state, and from then on the compiler keeps the object
    /// on the main actor (sending it to another task does not compile).
    /// Registered from nonisolated code, it may capture local `var`s. Every
    /// set therefore reaches the callback synchronously, on the setting
    /// thread, in the setter's isolation, with the object and the values as
    /// they are; ``ObservationOptions/initial`` runs it before this returns.
    ///
    /// A `Sendable` object (a `@MainActor` class, an object that guards its
    /// state) takes one of the forms below: its callback is `@Sendable`, and
    /// runs on its registrant's actor, enqueued there when the property is set
    /// elsewhere, when the value is `Sendable`; on the setting thread, and
    /// nonisolated, when it is not (such a value may not cross to an actor).
    ///
    /// ## Mistakes
    ///
    /// A key path that reads no ``ObservableProperty``, or that reaches an
    /// object through a property that is not one (replacing that object
    /// would go unnoticed), is a programmer error: the registration traps, in
    /// every build, with a message that names the key path and the fix.
    ///
    /// The observation does not keep this object alive, and ends when it
    /// ends. A nested key path's observation keeps the latest value of the
    /// whole path, to report it as the next change's old value.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run; see
    ///     ``ObservationOptions``.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation; releasing it ends the
    ///   observation too.
    @inlinable
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        register(
            keyPath, options: options,
            ActorDelivery.bound(handler, registeredFrom: isolation, "an observer of \(Self.self)"))
    }

    /// Observes the `Sendable` value at `keyPath` of this `Sendable` object
    /// with a closure that runs on its registrant's actor.
    ///
    /// Everything the form for an object that is not `Sendable` says holds,
    /// except where the callback runs. Registered from nonisolated code, it is
    /// `@Sendable` and runs synchronously on the thread that sets the
    /// property. Registered from an actor, it is that actor's code: it runs
    /// synchronously when the property is known to be set on that actor (a
    /// set on the main actor always is; one on another actor only inside a
    /// library send isolated to it) and no earlier event for the actor waits,
    /// and is enqueued to the actor otherwise, passing the object and the
    /// change, which may cross because they are `Sendable` (see the Isolation
    /// article). Once `cancel()` has returned, the changes still waiting for
    /// the actor are dropped.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    @inlinable
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken where Self: Sendable, Value: Sendable {
        let (handler, delivery) = ActorDelivery.make(handler)
        return ActorDelivery.token(register(keyPath, options: options, handler), ending: delivery)
    }

    /// Observes a value that is not `Sendable` at `keyPath` of this
    /// `Sendable` object, with a nonisolated closure.
    ///
    /// The value may not cross to an actor, and no region holds both the
    /// object and the closure, so the closure is `@Sendable` and nonisolated
    /// wherever it is written (in actor code it cannot use the actor's
    /// state), and runs synchronously on the thread that sets the property.
    /// A closure marked with a global actor (`{ @MainActor in … }`) traps
    /// here. Everything else the first form says holds.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    @inlinable
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = [],
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken where Self: Sendable {
        register(keyPath, options: options, Self.nonisolatedObserver(handler, of: keyPath))
    }
}

// MARK: - One key path of a value that is not Equatable

extension KeyPathObservable {
    /// Observes a value that is not `Equatable` at `keyPath` with a closure,
    /// for an object that is not `Sendable`.
    ///
    /// Everything `observe(_:options:_:)` says for an `Equatable` value holds,
    /// except that ``ObservationOptions/skippingEqualValues`` is not
    /// available: asking for it is a compile-time error (see
    /// ``NonEquatableObservationOptions``).
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you (see the first form).
    ///   - handler: Called with this object and the change; it joins this
    ///     object's region and runs on the setting thread.
    /// - Returns: The token that ends the observation.
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NonEquatableObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        register(
            keyPath, options: options.observationOptions,
            ActorDelivery.bound(handler, registeredFrom: isolation, "an observer of \(Self.self)"))
    }

    /// Observes a `Sendable` value that is not `Equatable` at `keyPath` of
    /// this `Sendable` object, with a closure that runs on its registrant's
    /// actor (enqueued there when the property is set elsewhere).
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NonEquatableObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken where Self: Sendable, Value: Sendable {
        let (handler, delivery) = ActorDelivery.make(handler)
        return ActorDelivery.token(register(keyPath, options: options.observationOptions, handler), ending: delivery)
    }

    /// Observes a value that is neither `Sendable` nor `Equatable` at
    /// `keyPath` of this `Sendable` object, with a nonisolated closure that
    /// runs on the setting thread.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NonEquatableObservationOptions = [],
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken where Self: Sendable {
        register(keyPath, options: options.observationOptions, Self.nonisolatedObserver(handler, of: keyPath))
    }
}

// MARK: - Several key paths of one type

extension KeyPathObservable {
    /// Observes several key paths of one type with one closure; the change's
    /// ``ObservedChange/keyPath`` says which one changed.
    ///
    /// ```swift
    /// let token = window.observe([\.width, \.height], options: .new) { window, change in
    ///     print(change.keyPath == \Window.width ? "width" : "height", change.newValue!)
    /// }
    /// ```
    ///
    /// Everything `observe(_:options:_:)` says holds for each key path, where
    /// the callback runs included (this form is for an object that is not
    /// `Sendable`; the forms below for a `Sendable` one). With
    /// ``ObservationOptions/initial`` the closure runs once per key path, in
    /// order; ``ObservationOptions/once`` ends the whole registration after
    /// its first callback. The returned token ends the observation of every
    /// key path, or stops observing one and keeps the others
    /// (``KeyPathObservationToken/cancel(_:)``).
    ///
    /// Swift prefers the form for key paths of different types
    /// (`[PartialKeyPath<Self>]`) when the closure does not use the values'
    /// type: give the array its type (`as [KeyPath<Window, Double>]`) to have
    /// this one.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path.
    public func observe<Value: Equatable>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeSeveral(
            keyPaths, options: options,
            ActorDelivery.bound(handler, registeredFrom: isolation, "an observer of \(Self.self)"))
    }

    /// Observes several key paths of one `Sendable` type of this `Sendable`
    /// object with one closure that runs on its registrant's actor (enqueued
    /// there when a property is set elsewhere).
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe<Value: Equatable>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> where Self: Sendable, Value: Sendable {
        let (handler, delivery, dropped) = Self.delivering(handler)
        return observeSeveral(keyPaths, options: options, handler, delivery: delivery, dropped: dropped)
    }

    /// Observes several key paths of one type that is not `Sendable`, of this
    /// `Sendable` object, with one nonisolated closure that runs on the
    /// setting thread.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe<Value: Equatable>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions = [],
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> where Self: Sendable {
        observeSeveral(keyPaths, options: options, Self.nonisolatedObserver(handler, of: keyPaths))
    }

    /// Observes several key paths of one type that is not `Equatable` with
    /// one closure, for an object that is not `Sendable`;
    /// ``ObservationOptions/skippingEqualValues`` is a compile-time error here
    /// (see ``NonEquatableObservationOptions``).
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: NonEquatableObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeSeveral(
            keyPaths, options: options,
            ActorDelivery.bound(handler, registeredFrom: isolation, "an observer of \(Self.self)"))
    }

    /// Observes several key paths of one `Sendable` type that is not
    /// `Equatable`, of this `Sendable` object, with one closure that runs on
    /// its registrant's actor.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: NonEquatableObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> where Self: Sendable, Value: Sendable {
        let (handler, delivery, dropped) = Self.delivering(handler)
        return observeSeveral(keyPaths, options: options, handler, delivery: delivery, dropped: dropped)
    }

    /// Observes several key paths of one type that is neither `Sendable` nor
    /// `Equatable`, of this `Sendable` object, with one nonisolated closure
    /// that runs on the setting thread.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: NonEquatableObservationOptions = [],
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> KeyPathObservationToken<Self> where Self: Sendable {
        observeSeveral(keyPaths, options: options, Self.nonisolatedObserver(handler, of: keyPaths))
    }

    /// The registration of several key paths of an `Equatable` type:
    /// ``ObservationOptions/skippingEqualValues`` compares with its `==`.
    func observeSeveral<Value: Equatable>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions,
        _ handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void,
        delivery: ActorDelivery<(Self, ObservedChange<Value>)>? = nil,
        dropped: DroppedKeyPaths? = nil
    ) -> KeyPathObservationToken<Self> {
        observeSeveral(
            keyPaths, options: options, isEqual: options.contains(.skippingEqualValues) ? (==) : nil, handler,
            delivery: delivery, dropped: dropped)
    }

    /// The registration of several key paths of a type that is not
    /// `Equatable`, whose options cannot ask to skip equal values.
    func observeSeveral<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: NonEquatableObservationOptions,
        _ handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void,
        delivery: ActorDelivery<(Self, ObservedChange<Value>)>? = nil,
        dropped: DroppedKeyPaths? = nil
    ) -> KeyPathObservationToken<Self> {
        observeSeveral(
            keyPaths, options: options.observationOptions, isEqual: nil, handler, delivery: delivery,
            dropped: dropped)
    }

    private func observeSeveral<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        _ handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void,
        delivery: ActorDelivery<(Self, ObservedChange<Value>)>?,
        dropped: DroppedKeyPaths?
    ) -> KeyPathObservationToken<Self> {
        observeEach(keyPaths, options: options, handler, delivery: delivery, dropped: dropped) {
            keyPath, options, handler in
            makeObservation(
                keyPath: keyPath, typed: keyPath, evaluate: { $0[keyPath: keyPath] },
                options: options, isEqual: isEqual,
                delivery: Deliveries.make(keyPath: keyPath, options: options, handler: handler), handler: handler)
        }
    }
}

// MARK: - Several key paths of different types

extension KeyPathObservable {
    /// Observes several key paths of different types with one closure; the
    /// change's ``ObservedChange/keyPath`` says which one changed, and its
    /// values are the key path's values as `Any`.
    ///
    /// ```swift
    /// let token = settings.observe([\Settings.volume, \Settings.theme], options: .new) { _, change in
    ///     print(change.keyPath, change.newValue!)
    /// }
    /// ```
    ///
    /// This form is for an object that is not `Sendable`: the closure joins
    /// its region and runs synchronously on the setting thread, as
    /// `observe(_:options:_:)` says. For a `Sendable` object, the form below
    /// takes a nonisolated closure, since values typed `Any` may not cross to
    /// an actor.
    ///
    /// The options are those of a value that is not `Equatable`: the
    /// compiler cannot see that values of different types are `Equatable`,
    /// so ``ObservationOptions/skippingEqualValues`` is a compile-time error
    /// here, as for one key path of a type that is not `Equatable`. Skip
    /// equal values with one registration per value type.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you; a convenience built on this method passes its caller's on.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe(
        _ keyPaths: [PartialKeyPath<Self>],
        options: NonEquatableObservationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self, ObservedChange<Any>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeAny(
            keyPaths, options: options,
            ActorDelivery.bound(handler, registeredFrom: isolation, "an observer of \(Self.self)"))
    }

    /// Observes several key paths of different types of this `Sendable`
    /// object with one nonisolated closure.
    ///
    /// The values reach the closure as `Any`, which the compiler cannot see
    /// as `Sendable`, so they may not cross to an actor: the closure is
    /// `@Sendable` and nonisolated wherever it is written (in actor code it
    /// cannot use the actor's state), and runs synchronously on the thread
    /// that sets the property. A closure marked with a global actor traps
    /// here. To have a closure run on your actor, observe the key paths of
    /// each type apart, as `[KeyPath<Self, Value>]` of a `Sendable` type:
    /// `object.observe([\.width, \.height] as [KeyPath<Window, Double>]) { … }`.
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    public func observe(
        _ keyPaths: [PartialKeyPath<Self>],
        options: NonEquatableObservationOptions = [],
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Any>) -> Void
    ) -> KeyPathObservationToken<Self> where Self: Sendable {
        observeAny(keyPaths, options: options, Self.nonisolatedObserver(handler, of: keyPaths))
    }

    func observeAny(
        _ keyPaths: [PartialKeyPath<Self>],
        options: NonEquatableObservationOptions,
        _ handler: @escaping @Sendable (Self, ObservedChange<Any>) -> Void
    ) -> KeyPathObservationToken<Self> {
        observeEach(keyPaths, options: options.observationOptions, handler, delivery: nil, dropped: nil) {
            keyPath, options, handler in
            makeObservation(
                keyPath: keyPath, typed: nil, evaluate: { $0[keyPath: keyPath] },
                options: options, isEqual: nil, delivery: nil, handler: handler)
        }
    }
}

// MARK: - Ending every observation

extension KeyPathObservable {
    /// Ends every observation of this object at once: no callback of them
    /// starts afterwards, and their tokens' `cancel()` returns `false`.
    ///
    /// Observations of other objects whose key paths run through this one are
    /// not affected. Safe to call from inside a callback, including the
    /// initial one. The same name as ``EventControl/removeAllHandlers()`` and
    /// ``DelegateProxyBase/removeAllHandlers()``.
    public func removeAllHandlers() {
        for registration in observationStorage.registrations.snapshot() {
            _ = registration.end()
        }
    }
}

// MARK: - Private

extension KeyPathObservable {
    /// Registers one observation of one key path with the closure to store,
    /// and makes its initial delivery. The delivery is built here, in the
    /// caller's inlined code, so that the compiler specializes it for the
    /// caller's types: a notification then costs no generic look-up.
    @inlinable
    @inline(__always)
    func register<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions,
        _ handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        register(
            keyPath, options: options,
            delivery: Deliveries.make(keyPath: keyPath, options: options, handler: handler),
            handler: handler)
    }

    /// The closure to store for the nonisolated form of a registration: see
    /// ``ActorDelivery/nonisolated(_:_:_:)``.
    @usableFromInline
    static func nonisolatedObserver<Value>(
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void,
        of keyPath: @autoclosure () -> Any
    ) -> @Sendable (Self, ObservedChange<Value>) -> Void {
        ActorDelivery<(Self, ObservedChange<Value>)>.nonisolated(
            IsolatedCall.synchronous(handler), handler.isolation,
            "an observer of \(KeyPathDescription.of(keyPath()))")
    }

    /// The closure to store for the `Sendable` form of a registration of
    /// several key paths, its actor delivery, and the key paths it must stop
    /// delivering once they are dropped (nil for a nonisolated closure).
    private static func delivering<Value: Sendable>(
        _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> (
        handler: @Sendable (Self, ObservedChange<Value>) -> Void,
        delivery: ActorDelivery<(Self, ObservedChange<Value>)>?,
        dropped: DroppedKeyPaths?
    ) where Self: Sendable {
        let dropped = handler.isolation == nil ? nil : DroppedKeyPaths()
        let direct = IsolatedCall.synchronous(handler)
        let (stored, delivery) = ActorDelivery.make(dropped?.filtering(direct) ?? direct, on: handler.isolation)
        return (stored, delivery, dropped)
    }

    /// Registers one observation of one key path and makes its initial
    /// delivery.
    @usableFromInline
    func register<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions,
        delivery: @escaping Delivery,
        handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        let (registration, deliverInitial) = makeObservation(
            keyPath: keyPath, typed: keyPath, evaluate: { $0[keyPath: keyPath] },
            options: options, isEqual: Equality.required(for: Value.self, options: options),
            delivery: delivery, handler: handler)
        let token = CancellationToken(registration: registration)
        deliverInitial()
        return token
    }

    /// Registers one observation per key path under one token, which can
    /// also drop one key path.
    private func observeEach<Path: AnyKeyPath, Value>(
        _ keyPaths: [Path],
        options: ObservationOptions,
        _ handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void,
        delivery: ActorDelivery<(Self, ObservedChange<Value>)>?,
        dropped: DroppedKeyPaths?,
        make: (Path, ObservationOptions, @escaping @Sendable (Self, ObservedChange<Value>) -> Void)
            -> (any ObservationRegistration, () -> Void)
    ) -> KeyPathObservationToken<Self> {
        let composite = TokenGroup()
        let once = options.contains(.once)
        // One-shot applies to the whole registration: the first callback of
        // any key path ends all of them.
        let gated = once ? composite.gate(handler) : handler
        var initials: [() -> Void] = []
        var tokens: [(AnyKeyPath, CancellationToken)] = []
        for keyPath in keyPaths {
            let (registration, deliverInitial) = make(keyPath, options.subtracting(.once), gated)
            let token = CancellationToken(registration: registration)
            composite.add(token)
            tokens.append((keyPath, token))
            initials.append(deliverInitial)
        }
        let token = KeyPathObservationToken<Self>(
            ending: ActorDelivery.token(CancellationToken(registration: composite), ending: delivery),
            group: composite, keyPaths: tokens, dropped: dropped)
        for deliverInitial in initials { deliverInitial() }
        return token
    }

    /// Registers one observation of one key path, choosing the direct fast
    /// path when the key path names an observable property of this object.
    /// Returns the registration and the closure that makes its initial
    /// delivery (a no-op without ``ObservationOptions/initial``).
    ///
    /// Traps, before anything is registered, when the key path reads no
    /// observable property or reaches an object through a property that is
    /// not observable: a mistake in the code, which a typed API reports at
    /// the registration, as Swift's own preconditions do (what the key path
    /// reads is known only by evaluating it: a computed property may read
    /// observable properties on one branch only).
    private func makeObservation<Value>(
        keyPath: AnyKeyPath,
        typed: KeyPath<Self, Value>?,
        evaluate: @escaping (Self) -> Value,
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        delivery: Delivery?,
        handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void
    ) -> (any ObservationRegistration, () -> Void) {
        let storage = observationStorage.bind(to: self)
        let (value, accesses) = AccessTracking.track { evaluate(self) }
        if accesses.isEmpty { KeyPathDescription.trapReadingNothing(keyPath, root: self) }
        if let link = AccessTracking.firstUnobservedLink(in: accesses, root: self) {
            KeyPathDescription.trapUnobservedLink(keyPath, root: self, accesses: accesses, link: link)
        }
        let wantsInitial = options.contains(.initial)
        if let delivery, typed != nil, accesses.count == 1, accesses[0].object === self,
            accesses[0].keyPath == keyPath
        {
            let handle = TokenGroup()
            let observer = DirectObservation.observer(
                delivery: delivery, options: options, isEqual: isEqual, handle: handle)
            let entry = storage.addObserver(
                observer, wantsPrior: options.contains(.prior), forSlot: accesses[0].slot, of: self)
            let root = storage.registrations.add(handle)
            handle.add(entry)
            handle.add(root)
            // The observer is held by its slot (and released when the handle
            // ends); the initial delivery holds the delivery only until it ran.
            let once = options.contains(.once)
            return (
                handle,
                {
                    if wantsInitial {
                        ObservedValues.with(initial: value) {
                            DirectObservation.deliverInitial(delivery, self, $0, once: once, handle: handle)
                        }
                    }
                }
            )
        }
        let observation = PathObservation<Self, Value>(
            root: self, keyPath: keyPath, evaluate: evaluate, options: options, isEqual: isEqual,
            handler: handler)
        observation.start(value: value, accesses: accesses, rootToken: storage.registrations.add(observation))
        return (observation, { if wantsInitial { observation.deliverInitial(self, value: value) } })
    }
}
