// expect: passing closure as a 'sending' parameter risks causing data races
// The same as ObservRegionSentAway.swift with the closure written as a method reference:
// the region form's `isolation` parameter makes Swift merge it into the
// owner's region as it merges a literal.
import ClosureKit

final class Document: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var words = 0
}

@MainActor
final class WordCountModel {
    var total = 0
    var tokens = Set<CancellationToken>()

    func add(_ document: Document, _ change: ObservedChange<Int>) { total &+= change.newValue! }

    func bind() {
        let document = Document()
        document.observe(\.words, options: .new, add).store(in: &tokens)
        Task.detached {
            for words in 0..<100_000 { document.words = words }
        }
    }
}
