// Samples of Sources/ClosureKit/ControlEvents/EventControl+Events.swift
// snippet.hide
import ClosureKit
final class Button: EventControl {
    let controlEventStorage = ControlEventStorage()
}
final class Slider: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0.5
}
func sample(button: Button, slider: Slider) async {
// snippet.show
for await _ in button.events(for: .touchUpInside) {
    print("tapped")
}
// snippet.hide
// snippet.show
for await value in slider.events(for: .valueChanged, { $0.value }) {
    print("value is now", value)
}
// snippet.hide
}
// snippet.show
