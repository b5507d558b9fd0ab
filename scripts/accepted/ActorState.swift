// An actor's handlers use its state: they run on the actor.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

actor Counter {
    var count = 0
    var tokens: [CancellationToken] = []

    func bind(_ pinger: Pinger) {
        tokens.append(pinger.addHandler(for: .valueChanged) { _ in self.count += 1 })
    }
}
