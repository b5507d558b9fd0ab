extension ControlEvents: CustomStringConvertible {
    /// The names of the events in the set, for logs and diagnostics.
    ///
    /// Groups are spelled out as the events they contain, in bit order, and
    /// bits that name no event are shown in hexadecimal:
    ///
    /// ```swift
    /// print([ControlEvents.valueChanged, .touchDown])  // [.touchDown, .valueChanged]
    /// print(ControlEvents(rawValue: 1 << 24))          // [0x1000000]
    /// ```
    public var description: String {
        var names: [String] = []
        var rest = rawValue
        for (event, name) in ControlEvents.names where contains(event) {
            names.append("." + name)
            rest &= ~event.rawValue
        }
        if rest != 0 {
            names.append("0x" + String(rest, radix: 16))
        }
        return "[" + names.joined(separator: ", ") + "]"
    }

    /// The events that have a name, in bit order.
    static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"),
        (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"),
        (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"),
        (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"),
        (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"),
        (.menuActionTriggered, "menuActionTriggered"),
        (.editingDidBegin, "editingDidBegin"),
        (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"),
        (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]
}
