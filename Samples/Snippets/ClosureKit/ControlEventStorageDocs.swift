// Samples of Sources/ClosureKit/ControlEvents/ControlEventStorage.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ControlEvents/ControlEventStorage.swift:7
// snippet.hide
func sample7() async throws {
// snippet.show
    final class Stepper: EventControl {
        let controlEventStorage = ControlEventStorage()
    }
// snippet.hide
}
// snippet.show
