// Samples of Sources/ClosureKit/Association/Association+Types.swift
// snippet.hide
import ClosureKit
final class Document {}
// snippet.show

// Sources/ClosureKit/Association/Association+Types.swift:12
// snippet.hide
func sample12() async throws {
// snippet.show
    let registrations = AssociationKey<Int>("registrations")
    Association.set(1, for: registrations, on: Document.self)
    print(Association.value(for: registrations, on: Document.self) ?? 0)  // 1
// snippet.hide
}
// snippet.show
