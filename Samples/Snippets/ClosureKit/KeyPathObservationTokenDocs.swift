// Samples of Sources/ClosureKit/Observation/KeyPathObservationToken.swift
// snippet.hide
import ClosureKit
final class Window: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var width = 800.0
    @ObservableProperty var height = 600.0
    @ObservableProperty var title = "Untitled"
}
// snippet.show

// Sources/ClosureKit/Observation/KeyPathObservationToken.swift:7
// snippet.hide
func sample7(window: Window) throws {
// snippet.show
    let token = window.observe([\.width, \.height, \.title], options: .new) { window, change in
        print(change.keyPath, change.newValue!)
    }
    token.cancel(\.title)   // width and height are still observed
// snippet.hide
}
// snippet.show
