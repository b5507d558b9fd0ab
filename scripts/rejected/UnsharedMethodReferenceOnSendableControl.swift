// expect: is deprecated: a closure that is not @Sendable on a Sendable owner
// A method of a class that is not Sendable, passed by name to a Sendable
// control from nonisolated code: the value is not @Sendable, and the
// control's events may come from several threads at once. Swift picks the
// form that warns (a warning is an error here, as in a build with warnings as
// errors); ignored, the registration stops the program (UnsharedFormsTests).
import ClosureKit

final class Knob: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

final class Counter {
    var count = 0
    func bump(_ knob: Knob) { count += 1 }
}

nonisolated func bind(_ knob: Knob, _ counter: Counter) -> CancellationToken {
    knob.addHandler(for: .valueChanged, counter.bump)
}
