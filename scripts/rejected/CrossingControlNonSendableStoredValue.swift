// expect: passing closure as a 'sending' parameter risks causing data races
// The same as CrossingControlNonSendable.swift with the closure written as a value stored first in a `let`:
// the region form's `isolation` parameter makes Swift merge it into the
// owner's region as it merges a literal.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0
}

@MainActor
final class Model {
    var sum = 0
    var tokens = Set<CancellationToken>()

    func bind() {
        let pinger = Pinger()
        let handler: (Pinger) -> Void = { pinger in self.sum &+= pinger.value }
        pinger.addHandler(for: .valueChanged, handler).store(in: &tokens)
        Task.detached {
            for value in 0..<100_000 {
                pinger.value = value
                pinger.sendEvents(.valueChanged)
            }
        }
    }
}
