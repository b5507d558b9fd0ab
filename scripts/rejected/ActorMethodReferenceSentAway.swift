// expect: risks causing data races between 'self'-isolated code and concurrent execution of the closure
// An actor registering its own method by name on a control that is not
// Sendable: the region form's `isolation` parameter makes Swift merge the
// method into the control's region, so the control stays with the actor.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

actor Tally {
    var count = 0
    func bump(_ pinger: Pinger) { count += 1 }

    func bind() -> CancellationToken {
        let pinger = Pinger()
        let token = pinger.addHandler(for: .valueChanged, bump)
        Task.detached { pinger.sendEvents(.valueChanged) }
        return token
    }
}
