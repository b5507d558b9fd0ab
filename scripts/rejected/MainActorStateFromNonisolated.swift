// expect: main actor-isolated property 'count' can not be mutated from a nonisolated context
// A handler registered from nonisolated code runs on the sending thread, so
// it must not touch main-actor state.
import ClosureKit

@MainActor
final class Model {
    var count = 0
}

final class Knob: EventControl {
    let controlEventStorage = ControlEventStorage()
}

nonisolated func bind(_ model: Model, _ knob: Knob) -> CancellationToken {
    knob.addHandler(for: .valueChanged) { _ in model.count += 1 }
}
