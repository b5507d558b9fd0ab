// Samples of Sources/ClosureKit/ClosureKit.docc/GettingStarted.md, as a reader pastes them (nothing hidden)
// The app path.

import ClosureKit

@MainActor
final class SearchField: EventControl {
    let controlEventStorage = ControlEventStorage()
    var text = ""
}

@MainActor
final class SearchModel {
    let field = SearchField()
    private(set) var query = ""
    private(set) var searches = 0
    private var tokens = Set<CancellationToken>()

    /// Call once. An app passes `DelayScheduler.shared` and `.main`; a test, a
    /// scheduler on a `ManualClock` and `.inline`.
    func bind<C>(scheduler: DelayScheduler<C>, on executor: DelayExecutor) throws {
        let search = try Debouncer<String>(for: .milliseconds(300), scheduler: scheduler, on: executor) { text in
            self.query = text
            self.searches += 1
        }
        field.addHandler(for: .editingChanged) { field in
            search.send(field.text)
        }.store(in: &tokens)
    }
}

@MainActor
func searchRunsOnceTypingStops() throws {
    let clock = ManualClock()
    let model = SearchModel()
    try model.bind(scheduler: DelayScheduler(clock: clock), on: .inline)

    model.field.text = "sw"
    model.field.sendEvents(.editingChanged)
    clock.advance(by: .milliseconds(100))
    model.field.text = "swift"
    model.field.sendEvents(.editingChanged)
    clock.advance(by: .milliseconds(300))

    precondition(model.query == "swift" && model.searches == 1)
}

// snippet.hide
// Runs the check when this snippet is run (not shown on the page).
try searchRunsOnceTypingStops()
print("app path ok")
