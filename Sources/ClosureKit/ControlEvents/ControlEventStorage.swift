/// The per-control record behind ``EventControl``: the control's handlers, each
/// with the event mask it was added for, in registration order.
///
/// An adopter of ``EventControl`` holds one in a stored property, so that its
/// handlers end with it:
///
/// ```swift
/// final class Stepper: EventControl {
///     let controlEventStorage = ControlEventStorage()
/// }
/// ```
///
/// It has no public API besides its initializer: reach it through the methods
/// of ``EventControl``. A storage belongs to exactly one control; sending
/// events from a control to handlers that were added on another one traps.
///
/// When the storage is released (with its control), every handler, and
/// everything it captured, is released; tokens kept elsewhere then cancel
/// nothing.
public final class ControlEventStorage: Sendable {
    /// One registration: the exact mask it was added for, the identity of the
    /// control it was added on, and the type-erased handler.
    struct Handler: Sendable {
        let events: ControlEvents
        let owner: ObjectIdentifier
        let body: ControlEventHandlerBody
    }

    let handlers = HandlerList<Handler>()

    /// Creates empty storage, for the stored property of an ``EventControl``
    /// adopter.
    public init() {}

    /// Adds a handler for `events`, registered on `owner`. (`package` access:
    /// the UIKit adapter in ClosureKitFoundation uses it.)
    package func add(
        for events: ControlEvents,
        options: RegistrationOptions,
        owner: AnyObject,
        body: ControlEventHandlerBody
    ) -> CancellationToken {
        // A handler for no events would never run: register nothing.
        guard !events.isEmpty else { return .inert() }
        return handlers.add(Handler(events: events, owner: ObjectIdentifier(owner), body: body), options: options)
    }

    /// Removes the handlers whose mask is exactly `events`.
    package func removeHandlers(for events: ControlEvents) -> Int {
        handlers.removeAll { $0.events == events }
    }

    /// Whether a handler's mask is exactly `events`.
    package func hasHandlers(for events: ControlEvents) -> Bool {
        handlers.contains { $0.events == events }
    }

    /// Removes every handler; returns how many there were.
    package func removeAllHandlers() -> Int {
        handlers.removeAll { _ in true }
    }

    /// Calls, in registration order and with no lock held, every handler whose
    /// mask overlaps `events`, passing `control`. Reachable from the inlinable
    /// ``EventControl/sendEvents(_:isolation:)``, so that a send on a concrete control
    /// reads its storage without a protocol call.
    @usableFromInline
    package func send(_ events: ControlEvents, from control: AnyObject) {
        let sender = ObjectIdentifier(control)
        handlers.forEach(where: { !$0.events.isDisjoint(with: events) }) { handler in
            precondition(
                handler.owner == sender,
                "A ControlEventStorage belongs to exactly one control: declare `let controlEventStorage = "
                    + "ControlEventStorage()` in each adopter of EventControl; do not share or return one instance."
            )
            handler.body.call(with: control)
        }
    }
}

/// A handler with its control type erased, so that the storage of any control
/// holds one kind of element. (A class rather than a wrapping closure: the
/// cast back to the control's type then needs no metatype captured in a
/// `@Sendable` closure.)
package class ControlEventHandlerBody: @unchecked Sendable {
    /// Calls the handler with `control`, which the storage has checked is the
    /// object the handler was added on.
    package func call(with control: AnyObject) {
        fatalError("ControlEventHandlerBody is abstract")
    }
}
