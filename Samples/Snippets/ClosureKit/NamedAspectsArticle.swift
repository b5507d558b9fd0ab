// Samples of Sources/ClosureKit/ClosureKit.docc/NamedAspects.md
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/NamedAspects.md:13
import ClosureKit

final class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
        let close = HookPoint<Document, Void, Void>("close()")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    let title: String
    init(title: String) { self.title = title }

    func save(to path: String) -> Bool {
        Self.hooks.save.call(self, path) { _, path in !path.isEmpty }
    }

    func close() {
        Self.hooks.close.call(self, ()) { _, _ in }
    }
}

final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var autosave = true
}

// Sources/ClosureKit/ClosureKit.docc/NamedAspects.md:41
// snippet.hide
func sample41(readme: Document, settings: Settings) throws {
// snippet.show
let audit = try Aspect.install("audit") {
    Document.hooks.save.before { document, invocation in
        print("saving \(document.title) to \(invocation.arguments)")
    }
    Document.hooks.save.instead(on: readme) { _, _ in false }   // the readme is read-only
    settings.observe(\.autosave) { _, change in
        print("autosave:", change.newValue!)
    }
}
print(AspectRegistry.shared.names)   // ["audit"]

audit.uninstall()                    // all three end; nothing else does
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/NamedAspects.md:66
// snippet.hide
func sample66() throws {
// snippet.show
let table: [(type: any Hookable.Type, methods: [String])] = [
    (Document.self, ["save(to:)", "close()"]),
]
try Aspect.install("call log") {
    for (type, methods) in table {
        for method in methods {
            try type.hook(method, at: .before) { @Sendable (invocation: Invocation<Any, Any>) in
                print("calling", invocation.selector.name)
            }
        }
    }
}
// snippet.hide
}

// The same lines in a @MainActor model, where NamedAspects.md says they work too.
@MainActor
final class CallLogModel {
    func start() throws {
        let table: [(type: any Hookable.Type, methods: [String])] = [
            (Document.self, ["save(to:)", "close()"]),
        ]
        try Aspect.install("call log") {
            for (type, methods) in table {
                for method in methods {
                    try type.hook(method, at: .before) { @Sendable (invocation: Invocation<Any, Any>) in
                        print("calling", invocation.selector.name)
                    }
                }
            }
        }
    }
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/NamedAspects.md:139
@MainActor
final class SaveCounter {
    var saves = 0
    let document = Document(title: "Notes")

    func start() throws {
        try Aspect.install("save counter") {
            Document.hooks.save.after(on: self.document) { [weak self] _, _ in
                self?.saves += 1                      // on the main actor
            }
        }
    }
}
