// Samples of Sources/ClosureKit/HookPoints/Hookable.swift
// snippet.hide
import ClosureKit
extension Document {
    func write(to path: String) -> Bool { !path.isEmpty }
}
// snippet.show

// Sources/ClosureKit/HookPoints/Hookable.swift:11
final class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func save(to path: String) -> Bool {
        Self.hooks.save.call(self, path) { document, path in
            document.write(to: path)   // the original implementation
        }
    }
}

let audit = Document.hooks.save.before { document, invocation in
    print("saving to", invocation.arguments)
}

// Sources/ClosureKit/HookPoints/Hookable.swift: hook from the main actor
@MainActor
final class SaveLog {
    var saved: [String] = []
    var tokens = Set<CancellationToken>()
    let document = Document()

    func start() throws {
        try document.hook("save(to:)", at: .after) {
            [weak self] (_: Document, invocation: Invocation<String, Bool>) in
            self?.saved.append(invocation.arguments)   // main-actor state, on the main actor
        }.store(in: &tokens)
    }
}

// Sources/ClosureKit/HookPoints/Hookable.swift:100
// snippet.hide
func sample47() async throws {
// snippet.show
    let token = try Document.hook("save(to:)", at: .after) {
        (document: Document, invocation: Invocation<String, Bool>) in
        print("saved:", invocation.result!)
    }
// snippet.hide
    _ = token
}
// snippet.show
