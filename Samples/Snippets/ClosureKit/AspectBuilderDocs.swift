// Samples of Sources/ClosureKit/Aspects/AspectBuilder.swift
// snippet.hide
import ClosureKit

final class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
        let close = HookPoint<Document, Void, Void>("close()")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
}

func sample() throws {
// snippet.show
try Aspect.install("audit") {
    for name in ["save(to:)", "close()"] {
        try Document.hook(name, at: .before) { @Sendable (invocation: Invocation<Any, Any>) in
            print("calling", invocation.selector.name)
        }
    }
}
// snippet.hide
}
// snippet.show
