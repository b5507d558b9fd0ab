// Samples of Sources/ClosureKit/Aspects/Aspect.swift
// snippet.hide
import ClosureKit

final class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func save(to path: String) -> Bool {
        Self.hooks.save.call(self, path) { _, path in !path.isEmpty }
    }
}
// snippet.show

// Sources/ClosureKit/Aspects/Aspect.swift:9
// snippet.hide
func sample9(draft: Document) throws {
// snippet.show
try Aspect.install("audit") {
    Document.hooks.save.before { document, invocation in
        print("saving to", invocation.arguments)
    }
    Document.hooks.save.after(on: draft) { _, invocation in
        print("draft saved:", invocation.result!)
    }
}
// later, anywhere:
AspectRegistry.shared.uninstall(named: "audit")
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/Aspects/Aspect.swift:81
@MainActor
final class SaveCounter {
    var saves = 0
    let document = Document()

    func start() throws {
        try Aspect.install("save counter") {
            Document.hooks.save.after(on: self.document) { [weak self] _, _ in
                self?.saves += 1                      // on the main actor
            }
        }
    }
}

// Sources/ClosureKit/Aspects/Aspect.swift:135
// snippet.hide
func sample135(draft: Document) throws {
// snippet.show
let audit = try Aspect.install("audit") {}
audit.add {
    Document.hooks.save.before(on: draft) { _, _ in print("saving the draft") }
}
// snippet.hide
}
// snippet.show
