// Samples of Sources/ClosureKit/Handlers/RegistrationOptions.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Handlers/RegistrationOptions.swift:3
// snippet.hide
func sample3(list: HandlerList<@Sendable (Int) -> Void>, handler: @escaping @Sendable (Int) -> Void) async throws {
// snippet.show
    let token = list.add(handler, options: .once)
// snippet.hide
    _ = token
}
// snippet.show
