// expect: can not be partially applied
// An actor's method cannot be handed to a registration made from another
// isolation: Swift refuses the partial application outright.
import ClosureKit

final class Pinger: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

actor Ledger {
    var count = 0
    func record(_ pinger: Pinger) { count += 1 }
}

actor Binder {
    func bind(_ ledger: Ledger, _ pinger: Pinger) -> CancellationToken {
        pinger.addHandler(for: .valueChanged, ledger.record)
    }
}
