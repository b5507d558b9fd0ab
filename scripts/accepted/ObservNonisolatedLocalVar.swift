// Nonisolated code observes a model that is not Sendable: the observer joins
// the model's region, so it may capture and mutate a local var; it runs on
// the thread that sets the property, which is this one.
import ClosureKit

final class Document: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var words = 0
    @ObservableProperty var title = ""
}

func countSets(of document: Document) -> Int {
    var sets = 0
    var titles: [String] = []
    let words = document.observe(\.words) { _, _ in sets += 1 }
    let title = document.observe(\.title, options: .new) { _, change in titles.append(change.newValue!) }
    document.words = 1
    document.title = "Draft"
    words.cancel()
    title.cancel()
    return sets + titles.count
}

func countInOwnTask() {
    // A model made and observed inside the task stays there.
    Task.detached {
        let document = Document()
        var sets = 0
        let token = document.observe(\.words) { _, _ in sets += 1 }
        document.words = 2
        token.cancel()
        print(sets)
    }
}
