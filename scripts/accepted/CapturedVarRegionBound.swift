// A control that is not Sendable keeps its handlers in its own region: from
// nonisolated code, or from an actor's method without `self`, a handler may
// capture a local var, since the control (and so every send) stays where the
// var lives.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

nonisolated func count(_ pinger: Pinger) -> CancellationToken {
    var counter = 0
    return pinger.addHandler(for: .valueChanged) { _ in counter += 1 }
}

actor Counter {
    var tokens: [CancellationToken] = []

    func bind(_ pinger: Pinger) {
        var seen = 0
        tokens.append(pinger.addHandler(for: .valueChanged) { _ in seen += 1 })
    }
}
