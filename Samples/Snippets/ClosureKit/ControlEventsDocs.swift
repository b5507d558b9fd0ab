// Samples of Sources/ClosureKit/ControlEvents/ControlEvents.swift
// snippet.hide
import ClosureKit
final class Button: EventControl {
    let controlEventStorage = ControlEventStorage()
    var title = "OK"
}
// snippet.show

// Sources/ClosureKit/ControlEvents/ControlEvents.swift:9
// snippet.hide
func sample9(button: Button) async throws {
// snippet.show
    let token = button.addHandler(for: [.touchUpInside, .primaryActionTriggered]) { button in
        print("tapped", button.title)
    }
    button.sendEvents(.touchUpInside)   // runs the handler: the masks overlap
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/ControlEvents/ControlEvents.swift:96
extension ControlEvents {
    static let undoRequested = ControlEvents(rawValue: 1 << 24)
}
