// Sendable instances, arguments and results cross: a main-actor hook, for
// every instance or one, receives calls made in another task on the main
// actor. One instance of a type that is not Sendable takes a main-actor hook
// too (it joins the instance's region), as does nonisolated code with a
// local var.
import ClosureKit

final class Meter: Hookable, Sendable {
    struct Hooks {
        let record = HookPoint<Meter, Int, Bool>("record(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func record(_ value: Int) -> Bool { Self.hooks.record.call(self, value) { _, value in value >= 0 } }
}

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
    var total = 0
    var words = 0
    var tokens = Set<CancellationToken>()
    let doc = Doc()

    func bind(_ meter: Meter) {
        Meter.hooks.record.after { _, invocation in self.total += invocation.arguments }.store(in: &tokens)
        Meter.hooks.record.before(on: meter) { _, invocation in self.total += invocation.arguments }
            .store(in: &tokens)
        Meter.hooks.record.instead(on: meter) { _, invocation in
            self.total += 1
            return invocation.proceed()
        }.store(in: &tokens)
        Doc.hooks.append.after(on: doc) { _, invocation in
            self.words += invocation.arguments.words.count
        }.store(in: &tokens)
        Task.detached { _ = meter.record(3) }
    }
}

func countPages() -> Int {
    let doc = Doc()
    var pages = 0
    let token = Doc.hooks.append.before(on: doc) { _, _ in pages += 1 }
    doc.append(Page())
    token.cancel()
    return pages
}
