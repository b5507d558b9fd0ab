extension KeyPathObservable {
    /// Observes the value at `keyPath` with a closure.
    ///
    /// ```swift
    /// let token = try settings.observe(\.volume, options: [.old, .new]) { settings, change in
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
    /// included. Registered from nonisolated code, the callback is
    /// `@Sendable` and runs synchronously on the thread that sets the
    /// property. Registered from an actor, it is that actor's code: it runs
    /// synchronously when the property is known to be set on that actor (a
    /// set on the main actor always is; one on another actor only inside a
    /// library send isolated to it) and no earlier event for the actor waits,
    /// and is enqueued to the actor otherwise (see the Isolation article). A
    /// set from another thread that races with
    /// ``CancellationToken/cancel()`` may still deliver one callback if its
    /// dispatch had begun; once `cancel()` has returned, no new dispatch
    /// calls the closure.
    ///
    /// The observation does not keep this object alive, and ends when it
    /// ends. A nested key path's observation keeps the latest value of the
    /// whole path, to report it as the next change's old value.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run; see
    ///     ``ObservationOptions``.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation; releasing it ends the
    ///   observation too.
    /// - Throws: ``KeyPathObservationError`` when `keyPath` reads no
    ///   ``ObservableProperty``, or reaches an object through a property that
    ///   is not one; nothing is registered then.
    @inlinable
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) throws(KeyPathObservationError) -> CancellationToken {
        let (handler, delivery) = ActorDelivery.make(handler)
        // The delivery is built here so that the compiler specializes it for
        // the caller's types: a notification then costs no generic look-up.
        let token = try register(
            keyPath, options: options,
            delivery: Deliveries.make(keyPath: keyPath, options: options, handler: handler),
            handler: handler)
        return ActorDelivery.token(token, ending: delivery)
    }

    /// Observes a value that is not `Equatable` at `keyPath` with a closure.
    ///
    /// Everything `observe(_:options:_:)` says for an `Equatable` value holds,
    /// except that ``ObservationOptions/skippingEqualValues`` is not
    /// available: asking for it is a compile-time error (see
    /// ``NonEquatableObservationOptions``).
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: The token that ends the observation.
    /// - Throws: ``KeyPathObservationError``, as `observe(_:options:_:)`.
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NonEquatableObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) throws(KeyPathObservationError) -> CancellationToken {
        let (handler, delivery) = ActorDelivery.make(handler)
        let options = options.observationOptions
        let token = try register(
            keyPath, options: options,
            delivery: Deliveries.make(keyPath: keyPath, options: options, handler: handler),
            handler: handler)
        return ActorDelivery.token(token, ending: delivery)
    }

    /// Observes several key paths of one type with one closure; the change's
    /// ``ObservedChange/keyPath`` says which one changed.
    ///
    /// ```swift
    /// let token = try window.observe([\.width, \.height], options: .new) { window, change in
    ///     print(change.keyPath == \Window.width ? "width" : "height", change.newValue!)
    /// }
    /// ```
    ///
    /// Everything `observe(_:options:_:)` says holds for each key path. With
    /// ``ObservationOptions/initial`` the closure runs once per key path, in
    /// order; ``ObservationOptions/once`` ends the whole registration after
    /// its first callback. The returned token ends the observation of every
    /// key path, or stops observing one and keeps the others
    /// (``KeyPathObservationToken/cancel(_:)``).
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path.
    /// - Throws: ``KeyPathObservationError`` for the first key path that
    ///   cannot be observed; nothing is registered then.
    public func observe<Value: Equatable>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: ObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) throws(KeyPathObservationError) -> KeyPathObservationToken<Self> {
        let dropped = handler.isolation == nil ? nil : DroppedKeyPaths()
        let (handler, delivery) = ActorDelivery.make(
            dropped?.filtering(IsolatedCall.synchronous(handler)) ?? IsolatedCall.synchronous(handler),
            on: handler.isolation)
        return try observeSeveral(
            keyPaths, options: options, isEqual: options.contains(.skippingEqualValues) ? (==) : nil, handler,
            delivery: delivery, dropped: dropped)
    }

    /// Observes several key paths of one type that is not `Equatable` with
    /// one closure; ``ObservationOptions/skippingEqualValues`` is a
    /// compile-time error here (see ``NonEquatableObservationOptions``).
    ///
    /// - Parameters:
    ///   - keyPaths: The values to observe.
    ///   - options: What each change carries and when callbacks run.
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    /// - Throws: ``KeyPathObservationError`` for the first key path that
    ///   cannot be observed; nothing is registered then.
    public func observe<Value>(
        _ keyPaths: [KeyPath<Self, Value>],
        options: NonEquatableObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Value>) -> Void
    ) throws(KeyPathObservationError) -> KeyPathObservationToken<Self> {
        let dropped = handler.isolation == nil ? nil : DroppedKeyPaths()
        let (handler, delivery) = ActorDelivery.make(
            dropped?.filtering(IsolatedCall.synchronous(handler)) ?? IsolatedCall.synchronous(handler),
            on: handler.isolation)
        return try observeSeveral(
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
    ) throws(KeyPathObservationError) -> KeyPathObservationToken<Self> {
        try observeEach(keyPaths, options: options, handler, delivery: delivery, dropped: dropped) {
            keyPath, options, handler throws(KeyPathObservationError) in
            try makeObservation(
                keyPath: keyPath, typed: keyPath, evaluate: { $0[keyPath: keyPath] },
                options: options, isEqual: isEqual,
                delivery: Deliveries.make(keyPath: keyPath, options: options, handler: handler), handler: handler)
        }
    }

    /// Observes several key paths of different types with one closure; the
    /// change's ``ObservedChange/keyPath`` says which one changed, and its
    /// values are the key path's values as `Any`.
    ///
    /// ```swift
    /// let token = try settings.observe([\Settings.volume, \Settings.theme], options: .new) { _, change in
    ///     print(change.keyPath, change.newValue!)
    /// }
    /// ```
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
    ///   - handler: Called with this object and the change.
    /// - Returns: One token for every key path; see ``KeyPathObservationToken``.
    /// - Throws: ``KeyPathObservationError`` for the first key path that
    ///   cannot be observed; nothing is registered then.
    public func observe(
        _ keyPaths: [PartialKeyPath<Self>],
        options: NonEquatableObservationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self, ObservedChange<Any>) -> Void
    ) throws(KeyPathObservationError) -> KeyPathObservationToken<Self> {
        let dropped = handler.isolation == nil ? nil : DroppedKeyPaths()
        let (handler, delivery) = ActorDelivery.make(
            dropped?.filtering(IsolatedCall.synchronous(handler)) ?? IsolatedCall.synchronous(handler),
            on: handler.isolation)
        return try observeEach(
            keyPaths, options: options.observationOptions, handler, delivery: delivery, dropped: dropped
        ) {
            keyPath, options, handler throws(KeyPathObservationError) in
            try makeObservation(
                keyPath: keyPath, typed: nil, evaluate: { $0[keyPath: keyPath] },
                options: options, isEqual: nil, delivery: nil, handler: handler)
        }
    }

    /// Ends every observation of this object at once: no callback of them
    /// starts afterwards, and their tokens' `cancel()` returns `false`.
    ///
    /// Observations of other objects whose key paths run through this one are
    /// not affected. Safe to call from inside a callback, including the
    /// initial one. The same name as ``EventControl/removeAllHandlers()`` and
    /// ``DelegateProxy/removeAllHandlers()``.
    public func removeAllHandlers() {
        for registration in observationStorage.registrations.snapshot() {
            _ = registration.end()
        }
    }

    // MARK: - Private

    /// Registers one observation of one key path and makes its initial
    /// delivery.
    @usableFromInline
    func register<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions,
        delivery: @escaping Delivery,
        handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void
    ) throws(KeyPathObservationError) -> CancellationToken {
        let (registration, deliverInitial) = try makeObservation(
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
            throws(KeyPathObservationError) -> (any ObservationRegistration, () -> Void)
    ) throws(KeyPathObservationError) -> KeyPathObservationToken<Self> {
        let composite = TokenGroup()
        let once = options.contains(.once)
        // One-shot applies to the whole registration: the first callback of
        // any key path ends all of them.
        let gated = once ? composite.gate(handler) : handler
        var initials: [() -> Void] = []
        var tokens: [(AnyKeyPath, CancellationToken)] = []
        for keyPath in keyPaths {
            let made: (any ObservationRegistration, () -> Void)
            do throws(KeyPathObservationError) {
                made = try make(keyPath, options.subtracting(.once), gated)
            } catch {
                // Nothing is registered when one key path cannot be observed.
                for (_, token) in tokens { token.cancel() }
                throw error
            }
            let (registration, deliverInitial) = made
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
    private func makeObservation<Value>(
        keyPath: AnyKeyPath,
        typed: KeyPath<Self, Value>?,
        evaluate: @escaping (Self) -> Value,
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        delivery: Delivery?,
        handler: @escaping @Sendable (Self, ObservedChange<Value>) -> Void
    ) throws(KeyPathObservationError) -> (any ObservationRegistration, () -> Void) {
        let storage = observationStorage.bind(to: self)
        let (value, accesses) = AccessTracking.track { evaluate(self) }
        guard !accesses.isEmpty else { throw .readsNoObservableProperty(keyPath: "\(keyPath)") }
        if let link = AccessTracking.firstUnobservedLink(in: accesses, root: self) {
            throw .unobservedLink(keyPath: "\(keyPath)", through: "\(type(of: link.object))")
        }
        let wantsInitial = options.contains(.initial)
        if let delivery, typed != nil, accesses.count == 1, accesses[0].object === self,
            accesses[0].keyPath == keyPath
        {
            let handle = TokenGroup()
            let observer = DirectObservation.observer(
                delivery: delivery, options: options, isEqual: isEqual, handle: handle)
            let entry = storage.addObserver(observer, wantsPrior: options.contains(.prior), forSlot: accesses[0].slot)
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
