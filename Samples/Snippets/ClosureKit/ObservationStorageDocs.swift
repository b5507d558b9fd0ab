// Samples of Sources/ClosureKit/Observation/ObservationStorage.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Observation/ObservationStorage.swift:7
// snippet.hide
func sample7() async throws {
// snippet.show
    final class Settings: KeyPathObservable {
        let observationStorage = ObservationStorage()
        @ObservableProperty var volume = 0.5
    }
// snippet.hide
}
// snippet.show
