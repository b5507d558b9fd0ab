// Samples of Sources/ClosureKit/Observation/KeyPathObservationError.swift
// snippet.hide
import ClosureKit
final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
    var label = "Main"
}
// snippet.show

// Sources/ClosureKit/Observation/KeyPathObservationError.swift:4
// snippet.hide
func sample4(settings: Settings) {
    var tokens = Set<CancellationToken>()
// snippet.show
    do {
        let token = try settings.observe(\.label) { _, change in print(change) }
        tokens.insert(token)
    } catch {
        print(error)   // \Settings.label reads no @ObservableProperty of a KeyPathObservable object; ...
    }
// snippet.hide
    _ = tokens
}
// snippet.show
