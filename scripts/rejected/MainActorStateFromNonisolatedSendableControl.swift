// expect: main actor-isolated property 'count' can not be mutated from a Sendable closure
// The Isolation article's sample of "What does not compile", as it stands there:
// a handler registered from nonisolated code on a main-actor (so Sendable)
// control is @Sendable and runs on the sending thread, so it must not touch
// main-actor state. (For a plain control, see MainActorStateFromNonisolated.)
import ClosureKit

@MainActor
final class Stepper: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0
}

@MainActor
final class CounterModel {
    var count = 0
    var tokens = Set<CancellationToken>()
    let stepper = Stepper()
}

nonisolated func bind(_ model: CounterModel, _ stepper: Stepper) -> CancellationToken {
    stepper.addHandler(for: .valueChanged) { _ in model.count += 1 }
}
