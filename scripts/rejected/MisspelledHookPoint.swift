// expect: value of type 'Document.Hooks' has no member 'sav'
// Hook points are stored properties of one declaration: a misspelled hook
// point does not compile (a misspelled name given as a string throws
// HookError.unknownName at the registration).
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

func audit() -> CancellationToken {
    Document.hooks.sav.before { _, invocation in print("saving to", invocation.arguments) }
}
