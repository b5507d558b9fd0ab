// Samples of Sources/ClosureKit/Observation/ObservationOptions.swift
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

// Sources/ClosureKit/Observation/ObservationOptions.swift:19
// snippet.hide
func sample19(settings: Settings) async throws {
// snippet.show
    let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
        print("volume", change.oldValue!, "->", change.newValue!)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/Observation/ObservationOptions.swift:77
struct Payload { var bytes: [UInt8] }   // not Equatable
// snippet.hide
final class Model: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var payload = Payload(bytes: [])
}
let model = Model()
// snippet.show
let token = model.observe(\.payload, options: [.new]) { _, change in
    print(change.newValue!.bytes.count)
}
// model.observe(\.payload, options: [.new, .skippingEqualValues]) { … }
// error: 'skippingEqualValues' is unavailable: skippingEqualValues needs a type known to be Equatable; …
