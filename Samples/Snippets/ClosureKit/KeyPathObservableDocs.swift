// Samples of Sources/ClosureKit/Observation/KeyPathObservable.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Observation/KeyPathObservable.swift:8
// snippet.hide
func sample8() async throws {
// snippet.show
    final class Settings: KeyPathObservable {
        let observationStorage = ObservationStorage()
        @ObservableProperty var volume = 0.5
        @ObservableProperty var theme = "light"
    }

    let settings = Settings()
    let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
        print("volume", change.oldValue!, "->", change.newValue!)
    }
    settings.volume = 0.8   // prints "volume 0.5 -> 0.8"
// snippet.hide
    _ = token
}
// snippet.show
