/// The closures of one event of your own type, registered and called with
/// the guarantees of ClosureKit's own registrations: the building block of a
/// convenience such as `downloader.onProgress { … }`.
///
/// Keep one as a stored property of a type that is not `Sendable`, and give
/// that type a registration method that passes its caller's closure and
/// isolation on (the `isolation` parameter, which callers never write, lets
/// Swift and the library check every spelling of the closure: see the
/// Isolation article):
///
/// ```swift
/// import ClosureKit
///
/// public final class Downloader {
///     private let progress = EventHandlers<Double>()
///
///     public init() {}
///
///     /// Runs `handler` with each progress report.
///     public func onProgress(
///         isolation: isolated (any Actor)? = #isolation,
///         _ handler: @escaping @isolated(any) (Double) -> Void
///     ) -> CancellationToken {
///         progress.add(isolation: isolation, handler)
///     }
///
///     public func receive(_ fraction: Double) {
///         progress.send(fraction)
///     }
/// }
/// ```
///
/// The closure is not `@Sendable`, and that is what makes it sound: a
/// non-`Sendable` closure passed to a method of a non-`Sendable` object
/// joins the object's region (Swift's region-based isolation). Registered
/// from a `@MainActor` view model, it may use the model's state, and from
/// then on the compiler keeps the downloader on the main actor (sending it
/// to another task does not compile), so every event reaches the closure
/// synchronously, in the sender's isolation, with its value as it is, even a
/// value that is not `Sendable`. Registered from nonisolated code, it may
/// capture a local `var`. A type that must be shared across isolations uses
/// ``SendableEventHandlers`` instead.
///
/// The list follows the rules of every ClosureKit registration: handlers run
/// in registration order, may add or remove handlers (themselves included)
/// while they run, are released with what they captured when their token is
/// cancelled or released or when the list ends, and are never called with a
/// library lock held. ``RegistrationOptions/once`` removes a handler after
/// its first call.
///
/// Not `Sendable`: it belongs to its owner's region.
public final class EventHandlers<Event> {
    private let list = HandlerList<@Sendable (Event) -> Void>()

    /// Creates an empty list.
    public init() {}

    /// Adds a handler that ``send(_:)`` calls.
    ///
    /// - Parameters:
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first call.
    ///   - isolation: The registering code's actor, which Swift passes for
    ///     you. A convenience built on this method takes the same parameter
    ///     and passes it on, so that the check below applies to its caller.
    ///   - handler: Receives each event, synchronously, on the thread that
    ///     sends it (the compiler keeps that thread in the handler's
    ///     isolation).
    /// - Returns: The token that removes the handler. Releasing it removes
    ///   the handler too.
    public func add(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Event) -> Void
    ) -> CancellationToken {
        list.add(ActorDelivery.bound(handler, registeredFrom: isolation, "an event handler"), options: options)
    }

    /// Calls every handler with `event`, in registration order, before it
    /// returns.
    public func send(_ event: Event) {
        list.forEach { $0(event) }
    }

    /// Whether no handler is registered: a send would do nothing.
    public var isEmpty: Bool { list.count == 0 }
}

extension EventHandlers where Event: Sendable {
    /// The events, as an `AsyncSequence`: a registration that lasts as long
    /// as its iteration (see ``EventSequence``).
    ///
    /// - Parameter buffering: What to keep while the consumer is not waiting.
    public func events(buffering: EventBuffering = .default) -> EventSequence<Event> {
        EventSequence(buffering: buffering) { feed in list.add(feed.handler { $0 }) }
    }
}

/// The closures of one event of a `Sendable` type of your own: the building
/// block of a convenience on a type that is shared across isolations (an
/// actor's helper, a `Sendable` service).
///
/// The handler is `@Sendable` and runs where the code that registered it
/// lives, as with ClosureKit's own registrations: registered from nonisolated
/// code it runs on the sending thread; registered from an actor it is that
/// actor's code, runs at once when the send is made on that actor, and is
/// otherwise enqueued to the actor, in send order. Events must be `Sendable`
/// for that, since they may cross to the actor.
///
/// ```swift
/// import ClosureKit
///
/// public final class Thermometer: Sendable {
///     private let readings = SendableEventHandlers<Double>()
///
///     public init() {}
///
///     public func onReading(
///         @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Double) -> Void
///     ) -> CancellationToken {
///         readings.add(handler)
///     }
///
///     public func report(_ celsius: Double, isolation: isolated (any Actor)? = #isolation) {
///         readings.send(celsius, isolation: isolation)
///     }
/// }
/// ```
///
/// Write `@_inheritActorContext` on your own parameter, as above: it is what
/// makes a closure written in actor code that actor's code (without it, the
/// closure is nonisolated and cannot touch the actor's state).
public final class SendableEventHandlers<Event: Sendable>: Sendable {
    private let list = HandlerList<@Sendable (Event) -> Void>()

    /// Creates an empty list.
    public init() {}

    /// Adds a handler that ``send(_:isolation:)`` calls, in its
    /// registrant's isolation.
    ///
    /// - Parameters:
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first call.
    ///   - handler: Receives each event.
    /// - Returns: The token that removes the handler, and drops its events
    ///   that wait for its actor.
    public func add(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Event) -> Void
    ) -> CancellationToken {
        let (handler, delivery) = ActorDelivery.make(handler)
        return ActorDelivery.token(list.add(handler, options: options), ending: delivery)
    }

    /// Hands `event` to every handler, in registration order: nonisolated
    /// handlers and those of the sender's actor run before this returns;
    /// the others are enqueued to their actors.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - isolation: The caller's actor, which Swift passes for you.
    public func send(_ event: Event, isolation: isolated (any Actor)? = #isolation) {
        SenderIsolation.during(isolation) { list.forEach { $0(event) } }
    }

    /// Whether no handler is registered.
    public var isEmpty: Bool { list.count == 0 }

    /// The events, as an `AsyncSequence` (see ``EventSequence``).
    ///
    /// - Parameter buffering: What to keep while the consumer is not waiting.
    public func events(buffering: EventBuffering = .default) -> EventSequence<Event> {
        EventSequence(buffering: buffering) { feed in list.add(feed.handler { $0 }) }
    }
}
