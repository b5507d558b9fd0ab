// A @MainActor view model: its handlers use its state, a local var of a
// main-actor function and a non-Sendable value of its region, with no
// annotation.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

final class Draft {
    var text = ""
}

@MainActor
final class Model {
    var count = 0
    var tokens = Set<CancellationToken>()
    let pinger = Pinger()

    func bind() {
        var local = 0
        let draft = Draft()
        pinger.addHandler(for: .valueChanged) { _ in
            self.count += 1
            local += 1
            draft.text += "!"
        }.store(in: &tokens)
        DelayScheduler.shared.schedule(after: .seconds(1), on: .inline) {
            self.count += 1
            draft.text += "?"
        }.store(in: &tokens)
    }
}
