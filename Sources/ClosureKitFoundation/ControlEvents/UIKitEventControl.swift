#if canImport(UIKit) && !os(watchOS)
import ClosureKit
import UIKit

/// The ``EventControl`` API on every `UIControl`, with main-actor handlers.
///
/// `UIControl` adopts this protocol; you never adopt it yourself. It gives
/// every control, `UIButton`, `UISlider`, `UITextField` and your own
/// subclasses alike, the same four methods as ``EventControl``, with the same
/// rules (overlap for sending, exact mask for `has` and `remove`, tokens,
/// `.once`), and handlers that receive the control typed as `Self`:
///
/// ```swift
/// let token = slider.addHandler(for: .valueChanged) { slider in
///     label.text = "\(slider.value)"   // `slider` is a UISlider
/// }
/// ```
///
/// The handlers run for the events UIKit sends (touches, value changes,
/// editing), as well as for ``sendEvents(_:isolation:)``. UIKit delivers its events one
/// at a time, so a handler whose mask covers two events that UIKit sends
/// together runs once for each. ``sendEvents(_:isolation:)`` runs the ClosureKit handlers
/// only; to run the control's target-actions as well, call UIKit's
/// `sendActions(for: events.uiControlEvents)`, which reaches these handlers
/// too.
///
/// The handler sets are associated with the control (see ``Association``):
/// they are released when the library notices the control has ended, as
/// described in ``ObjectLifetime``. Handlers never keep the control alive.
@MainActor
public protocol UIKitEventControl: UIControl {}

extension UIControl: UIKitEventControl {}

@MainActor
extension UIKitEventControl {
    /// Adds a handler that runs whenever events overlapping `events` happen.
    ///
    /// - Parameters:
    ///   - events: The handler's mask; it must not be empty.
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first run.
    ///   - handler: Receives the control, typed as `Self`, on the main actor.
    /// - Returns: The token that removes the handler; releasing it removes the
    ///   handler too.
    /// - Precondition: `events` is not empty; an empty mask traps.
    public func addHandler(
        for events: ControlEvents,
        options: RegistrationOptions = [],
        _ handler: @escaping (Self) -> Void
    ) -> CancellationToken {
        let bridge = UIControlEventBridge.bridge(for: self)
        bridge.forward(events, from: self)
        // UIKit sends on the main actor, so the handler runs synchronously.
        let box = UncheckedSendable(handler) // runs only on the main actor (ActorDelivery)
        let (handler, delivery) = ActorDelivery.make({ box.value($0) }, on: MainActor.shared)
        let body = TypedControlEventHandlerBody<Self>(handler)
        return ActorDelivery.token(
            bridge.storage.add(for: events, options: options, owner: self, body: body), ending: delivery)
    }

    /// Removes every handler whose mask is exactly `events`.
    ///
    /// - Parameter events: The exact mask to match.
    /// - Returns: How many handlers were removed.
    @discardableResult
    public func removeHandlers(for events: ControlEvents) -> Int {
        UIControlEventBridge.existingBridge(for: self)?.storage.removeHandlers(for: events) ?? 0
    }

    /// Removes every handler, whatever its mask.
    ///
    /// - Returns: How many handlers were removed.
    @discardableResult
    public func removeAllHandlers() -> Int {
        UIControlEventBridge.existingBridge(for: self)?.storage.removeAllHandlers() ?? 0
    }

    /// Whether a handler was added for exactly `events`.
    ///
    /// - Parameter events: The exact mask to look for.
    public func hasHandlers(for events: ControlEvents) -> Bool {
        UIControlEventBridge.existingBridge(for: self)?.storage.hasHandlers(for: events) ?? false
    }

    /// Runs every ClosureKit handler whose mask overlaps `events`, once each,
    /// in registration order.
    ///
    /// - Parameter events: The events that happened.
    public func sendEvents(_ events: ControlEvents) {
        UIControlEventBridge.existingBridge(for: self)?.storage.send(events, from: self)
    }
}

/// The link between one `UIControl` and its ClosureKit handlers: the handler
/// storage, and one `UIAction` per event bit that forwards UIKit's events to it.
@MainActor
final class UIControlEventBridge {
    private static let key = AssociationKey<UIControlEventBridge>("ClosureKit.UIControlEventBridge")

    let storage = ControlEventStorage()
    private var forwarding = ControlEventForwarding()

    static func existingBridge(for control: UIControl) -> UIControlEventBridge? {
        Association.value(for: key, on: control)
    }

    static func bridge(for control: UIControl) -> UIControlEventBridge {
        if let bridge = existingBridge(for: control) { return bridge }
        let bridge = UIControlEventBridge()
        Association.set(bridge, for: key, on: control)
        return bridge
    }

    /// Makes UIKit deliver each event of `events` to the storage, once per bit.
    func forward(_ events: ControlEvents, from control: UIControl) {
        let storage = self.storage
        for event in forwarding.startForwarding(events) {
            // The control keeps the action; the action holds the control weakly.
            let action = UIAction { [weak control] _ in
                guard let control else { return }
                storage.send(event, from: control)
            }
            control.addAction(action, for: event.uiControlEvents)
        }
    }
}
#endif
