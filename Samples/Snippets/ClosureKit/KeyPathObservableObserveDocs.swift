// Samples of Sources/ClosureKit/Observation/KeyPathObservable+Observe.swift
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

// Sources/ClosureKit/Observation/KeyPathObservable+Observe.swift:4
// snippet.hide
func sample4(settings: Settings) async throws {
// snippet.show
    let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
        print("volume", change.oldValue!, "->", change.newValue!)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/Observation/KeyPathObservable+Observe.swift:81
// snippet.hide
func sample81(window: Window) async throws {
// snippet.show
    let token = window.observe([\.width, \.height], options: .new) { window, change in
        print(change.keyPath == \Window.width ? "width" : "height", change.newValue!)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/Observation/KeyPathObservable+Observe.swift:141
// snippet.hide
func sample141(settings: Settings) async throws {
// snippet.show
    let token = settings.observe([\Settings.volume, \Settings.theme], options: .new) { _, change in
        print(change.keyPath, change.newValue!)
    }
// snippet.hide
    _ = token
}
// snippet.show
