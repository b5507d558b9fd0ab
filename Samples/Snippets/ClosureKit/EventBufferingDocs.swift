// Samples of Sources/ClosureKit/Handlers/EventBuffering.swift
// snippet.hide
import ClosureKit
final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
}
func sample(settings: Settings) async throws {
// snippet.show
// Only the latest value matters: a slow consumer skips to it.
for await change in settings.changes(of: \.volume, buffering: .newest(1)) {
    print("volume is now", change.newValue!)
}
// snippet.hide
}
// snippet.show
