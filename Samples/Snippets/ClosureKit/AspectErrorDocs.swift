// Samples of Sources/ClosureKit/Aspects/AspectError.swift
// snippet.hide
import ClosureKit

final class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
}

func sample() throws {
// snippet.show
do {
    try Aspect.install("analytics") { Document.hooks.save.before { _, _ in } }
} catch let error as AspectError {
    print(error)   // an aspect named "analytics" is already installed; …
}
// snippet.hide
}
// snippet.show
