// Samples of Sources/ClosureKit/ControlEvents/EventControl.swift
// snippet.hide
import ClosureKit
final class Button: EventControl {
    let controlEventStorage = ControlEventStorage()
    var isHighlighted = true
}
final class Slider: EventControl {
    let controlEventStorage = ControlEventStorage()
}
final class Field: EventControl {
    let controlEventStorage = ControlEventStorage()
}
// snippet.show

// Sources/ClosureKit/ControlEvents/EventControl.swift:6
// snippet.hide
func sample6() async throws {
// snippet.show
    final class Slider: EventControl {
        let controlEventStorage = ControlEventStorage()
        var value = 0.5 {
            didSet { sendEvents(.valueChanged) }
        }
    }

    let slider = Slider()
    let token = slider.addHandler(for: .valueChanged) { slider in
        print("value is now", slider.value)   // `slider` is a Slider, not `any EventControl`
    }
    slider.value = 0.8                         // prints "value is now 0.8"
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/ControlEvents/EventControl.swift:55
// snippet.hide
func sample55(button: Button) async throws {
// snippet.show
    let token = button.addHandler(for: .touchUpInside) { button in
        button.isHighlighted = false
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/ControlEvents/EventControl.swift:92
// snippet.hide
func sample92(slider: Slider) async throws {
// snippet.show
    let a = slider.addHandler(for: .valueChanged) { _ in }
    let b = slider.addHandler(for: [.valueChanged, .touchUpInside]) { _ in }
    slider.removeHandlers(for: .valueChanged)   // removes a's handler, not b's
// snippet.hide
    _ = (a, b)
}
// snippet.show

// Sources/ClosureKit/ControlEvents/EventControl.swift:119
// snippet.hide
func sample119(field: Field) async throws {
// snippet.show
    let token = field.addHandler(for: .allEditingEvents) { _ in }
    print(field.hasHandlers(for: .allEditingEvents))   // true
    print(field.hasHandlers(for: .editingChanged))     // false: the mask differs
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/ControlEvents/EventControl.swift:137
// snippet.hide
func sample137(button: Button) async throws {
// snippet.show
    button.sendEvents([.touchUpInside, .primaryActionTriggered])
// snippet.hide
}
// snippet.show
