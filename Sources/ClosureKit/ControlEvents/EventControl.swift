/// A class that acts as a control: it keeps sets of closure handlers keyed by
/// ``ControlEvents`` and sends events to them.
///
/// Adopt it with one stored property:
///
/// ```swift
/// final class Slider: EventControl {
///     let controlEventStorage = ControlEventStorage()
///     var value = 0.5 {
///         didSet { sendEvents(.valueChanged) }
///     }
/// }
///
/// let slider = Slider()
/// let token = slider.addHandler(for: .valueChanged) { slider in
///     print("value is now", slider.value)   // `slider` is a Slider, not `any EventControl`
/// }
/// slider.value = 0.8                         // prints "value is now 0.8"
/// ```
///
/// The rules:
/// - ``sendEvents(_:isolation:)`` runs every handler whose mask *overlaps* the events
///   sent, once each, in registration order, passing the control typed as
///   `Self`.
/// - A handler runs where the code that registered it lives (see the
///   Isolation article). Registered from nonisolated code, it is `@Sendable`
///   and runs synchronously on the thread that sends. Registered from an
///   actor (a `@MainActor` view model, top-level code, an actor's method whose closure
///   uses `self`), it is
///   that actor's code: it runs synchronously when the send is made on that
///   actor and no earlier event for the actor waits; a send made anywhere
///   else enqueues it to the actor, whose events run in the order they were
///   sent.
/// - ``hasHandlers(for:)`` and ``removeHandlers(for:)`` match the *exact* mask a
///   handler was added for: a handler added for `[.touchDown, .touchUpInside]`
///   is not found by `hasHandlers(for: .touchDown)`.
/// - Handlers are released (with everything they captured) when their token
///   is cancelled or released, when they are removed, and when the control
///   ends. They never keep the control alive: they receive it as a parameter
///   rather than capturing it.
/// - A handler may add and remove handlers, itself included, while it runs. A
///   handler removed during a send does not run later in that send; one added
///   during a send runs from the next send on.
/// - No handler is called while a library lock is held, so handlers may call
///   back into the control (even send further events) without deadlock.
///
/// All methods are thread-safe. For the token's guarantees under races, see
/// ``CancellationToken/cancel()``.
///
/// On Apple platforms, `import ClosureKitFoundation` gives every `UIControl`
/// the same methods (see `UIKitEventControl`), and its handlers also run for
/// the events UIKit sends. The adapter lives there because UIKit brings
/// Foundation, which the core never imports.
public protocol EventControl: AnyObject {
    /// The control's handler sets. Declare it as
    /// `let controlEventStorage = ControlEventStorage()`; it belongs to this
    /// control alone.
    var controlEventStorage: ControlEventStorage { get }
}

extension EventControl {
    /// Adds a handler that runs whenever events overlapping `events` are sent.
    ///
    /// ```swift
    /// let token = button.addHandler(for: .touchUpInside) { button in
    ///     button.isHighlighted = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - events: The handler's mask. It runs when a send shares at least
    ///     one event with it, and it is the exact mask that
    ///     ``hasHandlers(for:)`` and ``removeHandlers(for:)`` match. An empty
    ///     mask (`[]`) is a no-op: such a handler could never run, so nothing
    ///     is registered, the handler is released at once, and the returned
    ///     token is inert (its `cancel()` returns `false`).
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you (a convenience built on this method passes its own caller's).
    ///   - handler: Receives the control, typed as `Self`. Do not capture the
    ///     control strongly: the control keeps the handler, so that would be a
    ///     reference cycle. Use the parameter instead.
    /// - Returns: The token that removes the handler. Releasing it removes the
    ///   handler too, so keep it as long as the handler should stay.
    ///
    /// This form is for a control that is not `Sendable`. The handler joins
    /// the control's region: registered on the main actor, it may use
    /// main-actor state, and from then on the compiler keeps the control on
    /// the main actor (sending it to another task does not compile), so every
    /// event reaches the handler synchronously, in the sender's isolation.
    /// Registered from nonisolated code, it may capture local `var`s. A
    /// `Sendable` control takes the `@Sendable` form below when the handler
    /// is `@Sendable` (a closure literal is), and a form that warns when it
    /// is not (a stored closure, a method reference of a type that is not
    /// `Sendable`).
    ///
    /// Checked in every build (see the Isolation article, "What Swift does
    /// not catch"): a handler of another actor than its registrant's (a
    /// global-actor method passed from elsewhere) stops the program at the
    /// registration; one reached off its actor (an actor's method passed by
    /// name, whose control was then sent to another task) stops it before
    /// the handler runs.
    public func addHandler(
        for events: ControlEvents,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self) -> Void
    ) -> CancellationToken {
        addRegionHandler(for: events, options: options, isolation: isolation, handler)
    }

    /// The region form, for a handler that is not `@Sendable` on a
    /// `Sendable` control: deprecated so that the compiler warns, since the
    /// control's events may be sent from several threads at once and the
    /// handler may not run on several at once.
    ///
    /// Swift picks this form for a handler *value* that is not `@Sendable`
    /// (a closure stored in a `let` of a plain function type, a method of a
    /// class that is not `Sendable`, a local `func`); a closure literal takes
    /// the `@Sendable` form. Registered from nonisolated code, the
    /// registration stops the program, naming the handler; registered from
    /// an actor, the handler is that actor's code, and an event sent
    /// elsewhere stops the program before it runs. Declare the handler
    /// `@Sendable` (`let handler: @Sendable (Knob) -> Void`), or write it as
    /// a literal.
    ///
    /// - Parameters:
    ///   - events: The handler's mask.
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first run.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you.
    ///   - handler: Receives the control.
    /// - Returns: The token that removes the handler.
    @available(
        *, deprecated,
        message: "a closure that is not @Sendable on a Sendable owner may run on several threads; declare it @Sendable"
    )
    public func addHandler(
        for events: ControlEvents,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Self) -> Void
    ) -> CancellationToken where Self: Sendable {
        RegionBound.refuseUnshared(handler.isolation, registeredFrom: isolation, "the handler of \(Self.self)")
        return addRegionHandler(for: events, options: options, isolation: isolation, handler)
    }

    private func addRegionHandler(
        for events: ControlEvents,
        options: RegistrationOptions,
        isolation: isolated (any Actor)?,
        _ handler: @escaping @isolated(any) (Self) -> Void
    ) -> CancellationToken {
        let handler = ActorDelivery.bound(handler, registeredFrom: isolation, "the handler of \(Self.self)")
        return controlEventStorage.add(
            for: events,
            options: options,
            owner: self,
            body: TypedControlEventHandlerBody<Self>(handler)
        )
    }

    /// Adds a handler that runs whenever events overlapping `events` are
    /// sent, to a `Sendable` control (a `@MainActor` class, or a control
    /// whose state is guarded), from any isolation.
    ///
    /// The handler is `@Sendable`. Registered from an actor it is that
    /// actor's code: a send made on the actor runs it at once, and a send
    /// made anywhere else enqueues it to the actor, passing the control,
    /// which may cross because it is `Sendable`.
    ///
    /// - Parameters:
    ///   - events: The handler's mask (see the form above).
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first run.
    ///   - handler: Receives the control, typed as `Self`.
    /// - Returns: The token that removes the handler.
    public func addHandler(
        for events: ControlEvents,
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Self) -> Void
    ) -> CancellationToken where Self: Sendable {
        let (handler, delivery) = ActorDelivery.make(handler)
        let token = controlEventStorage.add(
            for: events,
            options: options,
            owner: self,
            body: TypedControlEventHandlerBody<Self>(handler)
        )
        return ActorDelivery.token(token, ending: delivery)
    }

    /// Removes every handler whose mask is exactly `events`.
    ///
    /// Handlers added for a larger or smaller mask stay:
    ///
    /// ```swift
    /// let a = slider.addHandler(for: .valueChanged) { _ in }
    /// let b = slider.addHandler(for: [.valueChanged, .touchUpInside]) { _ in }
    /// slider.removeHandlers(for: .valueChanged)   // removes a's handler, not b's
    /// ```
    ///
    /// The removed handlers are released at once, with no lock held; their
    /// tokens' ``CancellationToken/cancel()`` then returns `false`. A send in
    /// progress does not run them after this call has returned.
    ///
    /// - Parameter events: The exact mask to match.
    /// - Returns: How many handlers were removed.
    @discardableResult
    public func removeHandlers(for events: ControlEvents) -> Int {
        controlEventStorage.removeHandlers(for: events)
    }

    /// Removes every handler, whatever its mask.
    ///
    /// - Returns: How many handlers were removed.
    @discardableResult
    public func removeAllHandlers() -> Int {
        controlEventStorage.removeAllHandlers()
    }

    /// Whether a handler was added for exactly `events`.
    ///
    /// ```swift
    /// let token = field.addHandler(for: .allEditingEvents) { _ in }
    /// print(field.hasHandlers(for: .allEditingEvents))   // true
    /// print(field.hasHandlers(for: .editingChanged))     // false: the mask differs
    /// ```
    ///
    /// - Parameter events: The exact mask to look for.
    public func hasHandlers(for events: ControlEvents) -> Bool {
        controlEventStorage.hasHandlers(for: events)
    }

    /// Runs every handler whose mask overlaps `events`.
    ///
    /// Each matching handler runs once, even when its mask shares several
    /// events with `events`, in registration order, with no library lock
    /// held. A handler registered from nonisolated code runs synchronously on
    /// the calling thread; one registered from an actor runs synchronously,
    /// before this returns, when this is called on that actor and no earlier
    /// event for the actor waits, and is enqueued to the actor otherwise (see
    /// the Isolation article). Sending an empty set runs nothing.
    ///
    /// ```swift
    /// button.sendEvents([.touchUpInside, .primaryActionTriggered])
    /// ```
    ///
    /// - Parameters:
    ///   - events: The events that happened.
    ///   - isolation: The caller's actor, which Swift passes for you: handlers
    ///     registered from the same actor run at once, before this returns
    ///     (see the Isolation article).
    @inlinable
    public func sendEvents(_ events: ControlEvents, isolation: isolated (any Actor)? = #isolation) {
        if isolation == nil {
            controlEventStorage.send(events, from: self)
        } else {
            sendEvents(events, from: isolation)
        }
    }

    @usableFromInline
    func sendEvents(_ events: ControlEvents, from isolation: (any Actor)?) {
        SenderIsolation.during(isolation) { controlEventStorage.send(events, from: self) }
    }
}
