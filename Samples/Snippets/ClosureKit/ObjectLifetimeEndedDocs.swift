// Samples of Sources/ClosureKit/Lifetime/ObjectLifetime+Ended.swift
// snippet.hide
import ClosureKit
final class Document: Lifetime {
    let lifetimeStorage = LifetimeStorage()
}
func sample(document: Document) {
// snippet.show
let closed = ObjectLifetime.ended(of: document)
Task {
    for await _ in closed { print("document closed") }
}
// snippet.hide
}
// snippet.show
