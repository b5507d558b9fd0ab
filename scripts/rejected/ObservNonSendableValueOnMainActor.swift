// expect: main actor-isolated property 'drafts' can not be mutated from a Sendable closure
// A Sendable object whose value is not Sendable: the value may not cross to
// the main actor, so the observer is nonisolated even when written in
// main-actor code, and cannot touch main-actor state (it runs on the thread
// that sets the property).
import ClosureKit

final class Attachment {}

struct Draft {
    var text: String
    var attachment: Attachment?
}

final class Outbox: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var draft = Draft(text: "", attachment: nil)
}

@MainActor
final class ComposeModel {
    var drafts: [String] = []
    var tokens = Set<CancellationToken>()

    func bind(_ outbox: Outbox) {
        outbox.observe(\.draft, options: .new) { _, change in self.drafts.append(change.newValue!.text) }
            .store(in: &tokens)
    }
}
