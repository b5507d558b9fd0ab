// Samples of Sources/ClosureKit/ClosureKit.docc/HookPoints.md
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: overview
class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
        let end = EndOfLifeHookPoint<Document>()
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    deinit { Self.hooks.end.fire(self) }

    func save(to path: String) -> Bool {
        Self.hooks.save.call(self, path) { document, path in
            document.write(to: path)   // the original implementation
        }
    }

    func write(to path: String) -> Bool { !path.isEmpty }
}

final class Spreadsheet: Document {}

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: callers
// snippet.hide
func sampleCallers(draft: Document) async throws {
// snippet.show
    let audit = Document.hooks.save.before { document, invocation in
        print("saving to \(invocation.arguments)")
    }
    let readOnly = Document.hooks.save.instead(on: draft) { _, _ in false }
    let report = Document.hooks.save.after(for: Spreadsheet.self) { _, invocation in
        print("saved:", invocation.result!)
    }
// snippet.hide
    _ = audit
    _ = readOnly
    _ = report
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: declared once
final class Editor: Hookable {
    struct Hooks {
        let open = HookPoint<Editor, String, Bool>("open(_:)")
        let save = HookPoint<Editor, String, Bool>("save(to:)")
        let close = HookPoint<Editor, Void, Void>("close()")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func open(_ path: String) -> Bool {
        Self.hooks.open.call(self, path) { _, path in !path.isEmpty }
    }
    func save(to path: String) -> Bool {
        Self.hooks.save.call(self, path) { _, path in !path.isEmpty }
    }
    func close() {
        Self.hooks.close.call(self, ()) { _, _ in }
    }
}

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: a @MainActor type
@MainActor
final class EditorModel: Hookable {
    struct Hooks {
        let rename = HookPoint<EditorModel, String, Void>("rename(to:)")
    }
    nonisolated static let hooks = Hooks()
    let hookStorage = HookStorage()
    var title = ""

    func rename(to title: String) {
        Self.hooks.rename.call(self, title) { model, title in model.title = title }
    }
}

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: what each mistake produces
do {
    _ = try Editor.hook("sav(to:)", at: .before) { (_: Editor, _: Invocation<String, Bool>) in }
} catch {
    print(error)   // Editor declares no method named sav(to:); it declares: open(_:), save(to:), close()
}

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: by name
// snippet.hide
func sampleByName() async throws {
// snippet.show
    let token = try Document.hook("save(to:)", at: .after) {
        (document: Document, invocation: Invocation<String, Bool>) in
        print("saved:", invocation.result!)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: changing the arguments
// snippet.hide
func sampleProceedWith(draft: Document) {
// snippet.show
    // Drafts save next to the document, not over it.
    let drafts = Document.hooks.save.instead(on: draft) { _, invocation in
        invocation.proceed(with: invocation.arguments + ".draft")
    }
// snippet.hide
    _ = drafts
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: replacing the result
// snippet.hide
func sampleReplaceResult() {
// snippet.show
    // A save that reports failure is retried once.
    let retry = Document.hooks.save.replaceResult { document, invocation in
        invocation.result! || document.write(to: invocation.arguments)
    }
// snippet.hide
    _ = retry
}
// snippet.show
