// Samples of Sources/ClosureKit/Observation/ObservableProperty.swift
// snippet.hide
import ClosureKit
final class Person {}
// snippet.show

// Sources/ClosureKit/Observation/ObservableProperty.swift:3
// snippet.hide
func sample3() async throws {
// snippet.show
    final class Settings: KeyPathObservable {
        let observationStorage = ObservationStorage()
        @ObservableProperty var volume = 0.5
        @ObservableProperty var owner: Person? = nil
    }
// snippet.hide
}
// snippet.show
