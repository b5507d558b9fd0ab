// Samples of Sources/ClosureKit/Lifetime/ObjectLifetime.swift
// snippet.hide
import ClosureKit
final class Connection {}
// snippet.show

// Sources/ClosureKit/Lifetime/ObjectLifetime.swift:3
// snippet.hide
func sample3(connection: Connection) async throws {
// snippet.show
    let token = ObjectLifetime.onEnd(of: connection) {
        print("connection ended")
    }
// snippet.hide
    _ = token
}
// snippet.show
