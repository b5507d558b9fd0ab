// expect: main actor-isolated property 'count' can not be mutated
// A handler registered from another actor runs on that actor, not the main one.
import ClosureKit

@MainActor
final class Model {
    var count = 0
}

final class Knob: EventControl {
    let controlEventStorage = ControlEventStorage()
}

actor Binder {
    func bind(_ model: Model, _ knob: Knob) -> CancellationToken {
        knob.addHandler(for: .valueChanged) { _ in model.count += 1 }
    }
}
