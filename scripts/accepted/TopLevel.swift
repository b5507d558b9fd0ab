// Top-level code is main-actor code: a local var is used from a handler.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

var presses = 0
let pinger = Pinger()
let token = pinger.addHandler(for: .valueChanged) { _ in presses += 1 }
pinger.sendEvents(.valueChanged)
print(presses, token.isCancelled)
