// Samples of Sources/ClosureKit/Handlers/EventSequence.swift
// snippet.hide
import ClosureKit
final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
}
func sample(settings: Settings) async throws {
// snippet.show
let changes = settings.changes(of: \.volume)   // registered from here on
let task = Task {
    for await change in changes {
        print("volume is now", change.newValue!)
    }
}
settings.volume = 0.8   // the task prints "volume is now 0.8"
// snippet.hide
task.cancel()
}
// snippet.show
