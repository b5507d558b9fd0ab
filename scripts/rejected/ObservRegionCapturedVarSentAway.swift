// expect: sending value of non-Sendable type '() async -> ()' risks causing data races
// From nonisolated code an observer of a model that is not Sendable may
// capture a local var, because it joins the model's region: the model may
// then not be sent to another task while the var is still used here.
import ClosureKit

final class Document: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var words = 0
}

func countSets() -> Int {
    let document = Document()
    var sets = 0
    let token = document.observe(\.words) { _, _ in sets += 1 }
    Task.detached { document.words = 1 }
    token.cancel()
    return sets
}
