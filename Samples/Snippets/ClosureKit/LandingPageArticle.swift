// Samples of Sources/ClosureKit/ClosureKit.docc/ClosureKit.md: the first five minutes (nothing hidden)

import ClosureKit

final class Button: EventControl {
    let controlEventStorage = ControlEventStorage()
}

let button = Button()
var taps = 0
let token = button.addHandler(for: .touchUpInside) { _ in taps += 1 }
button.sendEvents(.touchUpInside)
print(taps)   // 1
token.cancel()
button.sendEvents(.touchUpInside)
print(taps)   // still 1: the handler is gone
