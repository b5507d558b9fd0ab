// Samples of Sources/ClosureKit/ClosureKit.docc/ControlEventHandlers.md
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/ControlEventHandlers.md:12
import ClosureKit

final class Slider: EventControl {
    let controlEventStorage = ControlEventStorage()
    private(set) var value = 0.5

    func drag(to newValue: Double) {
        value = newValue
        sendEvents(.valueChanged)
    }
}

let slider = Slider()
let token = slider.addHandler(for: .valueChanged) { slider in
    print("value:", slider.value)     // `slider` is a Slider
}
slider.drag(to: 0.8)                   // prints "value: 0.8"
token.cancel()
