// expect: passing closure as a 'sending' parameter risks causing data races
// A main-actor handler on a control that is not Sendable joins the control's
// region: the control can no longer be sent to another task, whose events
// would hand the handler a value another thread is writing.
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
        pinger.addHandler(for: .valueChanged) { pinger in self.sum &+= pinger.value }.store(in: &tokens)
        Task.detached {
            for value in 0..<100_000 {
                pinger.value = value
                pinger.sendEvents(.valueChanged)
            }
        }
    }
}
