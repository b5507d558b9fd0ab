// Samples of Sources/ClosureKit/Handlers/CancellationToken.swift
// snippet.hide
import ClosureKit
final class Document {}
final class Connection: Sendable { func close() {} }
// snippet.show

// Sources/ClosureKit/Handlers/CancellationToken.swift:11
// snippet.hide
func sample11(document: Document) async throws {
// snippet.show
    var tokens = Set<CancellationToken>()
    ObjectLifetime.onEnd(of: document) { print("document closed") }
        .store(in: &tokens)
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/Handlers/CancellationToken.swift:54
// snippet.hide
func sample54(connection: Connection) async throws {
// snippet.show
    let token = CancellationToken { connection.close() }
// snippet.hide
    _ = token
}
// snippet.show
