// Samples of Sources/ClosureKit/HookPoints/HookStorage.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/HookPoints/HookStorage.swift:4
final class Document: Hookable {
    let hookStorage = HookStorage()
}
