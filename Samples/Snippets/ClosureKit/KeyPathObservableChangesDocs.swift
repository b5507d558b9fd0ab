// Samples of Sources/ClosureKit/Observation/KeyPathObservable+Changes.swift
// snippet.hide
import ClosureKit
final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
}
func sample(settings: Settings) async throws {
// snippet.show
for await change in settings.changes(of: \.volume, options: [.initial, .new, .skippingEqualValues]) {
    print("volume is", change.newValue!)
}
// snippet.hide
}
// snippet.show
