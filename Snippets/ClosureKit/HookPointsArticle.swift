// Samples of Sources/ClosureKit/ClosureKit.docc/HookPoints.md
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md:13
class Document: Hookable {
    static let save = HookPoint<Document, String, Bool>("save(to:)")
    static let end = EndOfLifeHookPoint<Document>()
    let hookStorage = HookStorage()

    deinit { Self.end.fire(self) }

    func save(to path: String) -> Bool {
        Self.save.call(self, path) { document, path in
            document.write(to: path)   // the original implementation
        }
    }

    func write(to path: String) -> Bool { !path.isEmpty }
}

final class Spreadsheet: Document {}

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md:35
// snippet.hide
func sample35(draft: Document) async throws {
// snippet.show
    let audit = Document.save.before { document, invocation in
        print("saving to \(invocation.arguments)")
    }
    let readOnly = Document.save.instead(on: draft) { _, _ in false }
    let report = Document.save.after(for: Spreadsheet.self) { _, invocation in
        print("saved:", invocation.result!)
    }
// snippet.hide
    _ = audit
    _ = readOnly
    _ = report
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md:71
// snippet.hide
func sample71() async throws {
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
    let drafts = Document.save.instead(on: draft) { _, invocation in
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
    let retry = Document.save.replaceResult { document, invocation in
        invocation.result! || document.write(to: invocation.arguments)
    }
// snippet.hide
    _ = retry
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: declared once
final class Editor: Hookable {
    static let open = HookPoint<Editor, String, Bool>("open(_:)")
    static let save = HookPoint<Editor, String, Bool>("save(to:)")
    static let close = HookPoint<Editor, Void, Void>("close()")
    let hookStorage = HookStorage()

    func open(_ path: String) -> Bool {
        Self.open.call(self, path) { _, path in !path.isEmpty }
    }
    func save(to path: String) -> Bool {
        Self.save.call(self, path) { _, path in !path.isEmpty }
    }
    func close() {
        Self.close.call(self, ()) { _, _ in }
    }
}

// Sources/ClosureKit/ClosureKit.docc/HookPoints.md: by name, waiting
// snippet.hide
func sampleUnattached() throws {
// snippet.show
    let typo = try Document.hook("sav(to:)", at: .before) { (_: Document, _: Invocation<String, Bool>) in }
    print(Document.unattachedHooks)   // [Document declares no method named sav(to:); it declares: ...]
// snippet.hide
    _ = typo
}
// snippet.show
