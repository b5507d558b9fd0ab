// expect: main actor-isolated property 'words' can not be mutated from a Sendable closure
// A hook for every instance of a type that is not Sendable has no instance
// whose region could hold it, and its values cannot cross to the main actor:
// the closure is nonisolated, and main-actor state is refused.
import ClosureKit

final class Page {
    var words: [String] = []
}

final class Doc: Hookable {
    struct Hooks {
        let append = HookPoint<Doc, Page, Void>("append(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func append(_ page: Page) { Self.hooks.append.call(self, page) { _, _ in } }
}

@MainActor
final class Model {
    var words = 0
    var tokens = Set<CancellationToken>()

    func bind() {
        Doc.hooks.append.after { _, invocation in
            self.words += invocation.arguments.words.count
        }.store(in: &tokens)
    }
}
