// expect: escaping closure captures 'inout' parameter 'invocation'
// An instead hook's invocation lives only during the hook: a main-actor
// model that answers later cannot keep it in a closure.
import ClosureKit

final class Search: Hookable {
    struct Hooks {
        let run = HookPoint<Search, String, [String]>("run(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func run(_ query: String) -> [String] { Self.hooks.run.call(self, query) { _, query in [query] } }
}

@MainActor
final class SearchModel {
    var later: (() -> [String])?

    func bind(_ search: Search) -> CancellationToken {
        Search.hooks.run.instead(on: search) { _, invocation in
            self.later = { invocation.proceed() }
            return []
        }
    }
}
