// Samples of Sources/ClosureKit/Lifetime/Lifetime.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Lifetime/Lifetime.swift:4
// snippet.hide
func sample4() async throws {
// snippet.show
    final class Document: Lifetime {
        let lifetimeStorage = LifetimeStorage()
    }
// snippet.hide
}
// snippet.show
