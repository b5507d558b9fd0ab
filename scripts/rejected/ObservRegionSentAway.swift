// expect: passing closure as a 'sending' parameter risks causing data races
// A main-actor observer of a model that is not Sendable joins the model's
// region: the model can no longer be sent to another task, whose sets would
// hand the observer the model and its values while another thread writes
// them.
import ClosureKit

final class Document: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var words = 0
}

@MainActor
final class WordCountModel {
    var total = 0
    var tokens = Set<CancellationToken>()

    func bind() {
        let document = Document()
        document.observe(\.words, options: .new) { _, change in self.total &+= change.newValue! }.store(in: &tokens)
        Task.detached {
            for words in 0..<100_000 { document.words = words }
        }
    }
}
