// Samples of Sources/ClosureKit/Observation/ObservedChange.swift
// snippet.hide
import ClosureKit
final class Settings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
    @ObservableProperty var balance = 0.0
    @ObservableProperty var theme = "light"
}
final class Window: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var width = 800.0
    @ObservableProperty var height = 600.0
}
// snippet.show

// Sources/ClosureKit/Observation/ObservedChange.swift:4
// snippet.hide
func sample4(settings: Settings) async throws {
// snippet.show
    let token = settings.observe([\.volume, \.balance], options: [.old, .new]) { _, change in
        let name = change.keyPath == \Settings.volume ? "volume" : "balance"
        print(name, change.oldValue as Any, "->", change.newValue as Any)
    }
// snippet.hide
    _ = token
}
// snippet.show
