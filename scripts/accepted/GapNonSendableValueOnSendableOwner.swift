// A gap Swift 6.3.1 leaves, pinned: this compiles. A closure value that is
// not @Sendable (a local func capturing a var, a method of a class that is
// not Sendable) registered from nonisolated code on a Sendable owner takes
// the region form, whose soundness rests on the owner's region, and a
// Sendable owner has none: sends from several threads reach the closure.
// Swift cannot say "this form only when the owner is not Sendable", and the
// library cannot tell such a value at run time from a @Sendable closure that
// generic code routes through the same form, so it is not checked: the
// Isolation article ("What Swift does not catch") gives the remedy (write the
// closure @Sendable). Registered from an actor instead, the same value is
// that actor's code and is checked at every send (ClosureSpellingTests). When
// a toolchain refuses this file, move it to scripts/rejected/ with the new
// message.
import ClosureKit

final class Knob: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

final class Counter {
    var count = 0
    func bump(_ knob: Knob) { count += 1 }
}

nonisolated func bind(_ knob: Knob, _ counter: Counter) -> [CancellationToken] {
    var turns = 0
    func turn(_ knob: Knob) { turns += 1 }
    return [
        knob.addHandler(for: .valueChanged, counter.bump),
        knob.addHandler(for: .valueChanged, turn),
    ]
}
