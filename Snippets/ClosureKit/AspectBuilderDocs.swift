// Samples of Sources/ClosureKit/Aspects/AspectBuilder.swift
// snippet.hide
import ClosureKit

final class Document: Hookable {
    static let save = HookPoint<Document, String, Bool>("save(to:)")
    static let close = HookPoint<Document, Void, Void>("close()")
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
