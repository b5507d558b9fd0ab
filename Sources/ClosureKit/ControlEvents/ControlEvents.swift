/// A set of control events: touches, value changes, primary and menu actions,
/// editing, and the groups and reserved ranges around them.
///
/// The bit values are those of UIKit's `UIControl.Event`, so that a mask
/// converts between the two without a table (on Apple platforms,
/// `ControlEvents(_:)` and `uiControlEvents` do it). The type is named
/// differently so that it never clashes with UIKit's.
///
/// ```swift
/// let token = button.addHandler(for: [.touchUpInside, .primaryActionTriggered]) { button in
///     print("tapped", button.title)
/// }
/// button.sendEvents(.touchUpInside)   // runs the handler: the masks overlap
/// ```
///
/// A handler fires when the events sent *overlap* its mask; ``EventControl``'s
/// `hasHandlers(for:)` and `removeHandlers(for:)` match the *exact* mask; the article
/// "Control events" has the details.
public struct ControlEvents: OptionSet, Hashable, Sendable {
    /// The raw bits, equal to `UIControl.Event.rawValue` for the same events.
    public let rawValue: UInt

    /// Creates a set of events from raw bits.
    ///
    /// - Parameter rawValue: The bits. Bits that name no event of their own
    ///   (for example inside ``applicationReserved``) are kept as they are.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    // MARK: - Touch events

    /// A touch-down in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)

    /// A repeated touch-down in the control: a tap count greater than one.
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)

    /// A finger dragged within the control's bounds.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)

    /// A finger dragged just outside the control's bounds.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)

    /// A finger dragged from outside into the control's bounds.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)

    /// A finger dragged from within the control's bounds to outside them.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)

    /// A touch lifted inside the control: the usual "tap".
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)

    /// A touch lifted outside the control's bounds.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)

    /// A touch cancelled by the system.
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)

    // MARK: - Value and actions

    /// The control's value changed (a slider moved, a switch flipped).
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)

    /// The control's primary action was triggered: a button's tap, a text
    /// field's return.
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)

    /// An item of the control's menu was chosen.
    public static let menuActionTriggered = ControlEvents(rawValue: 1 << 14)

    // MARK: - Editing events

    /// Editing began in a text control.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)

    /// The text changed during editing.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)

    /// Editing ended in a text control.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)

    /// Editing ended because the user pressed the return key.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    // MARK: - Groups and reserved ranges

    /// Every touch event: the low twelve bits, `0x0000_0FFF`.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0000_0FFF)

    /// Every editing event: `0x000F_0000`.
    public static let allEditingEvents = ControlEvents(rawValue: 0x000F_0000)

    /// Four bits an application may use for events of its own: `0x0F00_0000`.
    ///
    /// ```swift
    /// extension ControlEvents {
    ///     static let undoRequested = ControlEvents(rawValue: 1 << 24)
    /// }
    /// ```
    public static let applicationReserved = ControlEvents(rawValue: 0x0F00_0000)

    /// Four bits reserved for the system (the frameworks): `0xF000_0000`.
    public static let systemReserved = ControlEvents(rawValue: 0xF000_0000)

    /// Every event: `0xFFFF_FFFF`.
    public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)
}
