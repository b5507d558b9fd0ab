// expect: passing closure as a 'sending' parameter risks causing data races
// A main-actor after hook on one instance that is not Sendable joins the
// instance's region: the instance can no longer be sent to another task,
// whose calls would hand the hook arguments that task is writing.
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

    func bind() {
        let doc = Doc()
        Doc.hooks.append.after(on: doc) { _, invocation in
            self.words += invocation.arguments.words.count
        }.store(in: &tokens)
        Task.detached {
            let page = Page()
            doc.append(page)
            page.words.append("raced")
        }
    }
}
