// expect: mutation of captured var 'seen' in concurrently-executing code
// In an actor's method (not the main actor's), a closure is the actor's code
// only when it captures the actor: Swift isolates a closure to an actor
// instance through the captured `self`. This one does not, so it is
// nonisolated, runs on the sending thread, and is checked as @Sendable (the
// control is Sendable; one that is not keeps the closure in its region:
// accepted/CapturedVarRegionBound).
import ClosureKit

final class Pinger: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

actor Counter {
    var tokens: [CancellationToken] = []

    func bind(_ pinger: Pinger) {
        var seen = 0
        tokens.append(pinger.addHandler(for: .valueChanged) { _ in seen += 1 })
    }
}
