// Samples of Sources/ClosureKit/HookPoints/HookStorage.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/HookPoints/HookStorage.swift:4
final class Document: Hookable {
    struct Hooks {
        let save = HookPoint<Document, String, Bool>("save(to:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
}
