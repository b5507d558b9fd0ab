// Samples of Sources/ClosureKit/Aspects/AspectError.swift
// snippet.hide
import ClosureKit

final class Document: Hookable {
    static let save = HookPoint<Document, String, Bool>("save(to:)")
    let hookStorage = HookStorage()
}

func sample() throws {
// snippet.show
do {
    try Aspect.install("analytics") { Document.save.before { _, _ in } }
} catch let error as AspectError {
    print(error)   // an aspect named "analytics" is already installed; …
}
// snippet.hide
}
// snippet.show
