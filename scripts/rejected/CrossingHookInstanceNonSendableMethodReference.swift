// expect: passing closure as a 'sending' parameter risks causing data races
// The same as CrossingHookInstanceNonSendable.swift with the closure written as a method reference:
// the region form's `isolation` parameter makes Swift merge it into the
// owner's region as it merges a literal.
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
    var pages: [Page] = []
    func append(_ page: Page) { Self.hooks.append.call(self, page) { doc, page in doc.pages.append(page) } }
}

@MainActor
final class Model {
    var words = 0
    var tokens = Set<CancellationToken>()

    func count(_ doc: Doc, _ invocation: Invocation<Page, Void>) { words += invocation.arguments.words.count }

    func bind() {
        let doc = Doc()
        Doc.hooks.append.after(on: doc, count).store(in: &tokens)
        Task.detached {
            let page = Page()
            doc.append(page)
            page.words.append("raced")
        }
    }
}
