// Samples of Sources/ClosureKit/Handlers/RegistrationOptions.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Handlers/RegistrationOptions.swift:3
// snippet.hide
final class Toggle: EventControl {
    let controlEventStorage = ControlEventStorage()
}

func sample3(control: Toggle) async throws {
// snippet.show
    let token = control.addHandler(for: .valueChanged, options: .once) { _ in print("changed") }
// snippet.hide
    _ = token
}
// snippet.show
