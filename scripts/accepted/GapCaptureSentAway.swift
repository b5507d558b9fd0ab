// A gap of Swift 6.3.1, pinned: this races and compiles. A non-Sendable value
// captured by a main-actor closure is not merged into the main actor's region,
// so it can still be sent to another task (swiftlang/swift#76003, #80045).
// When a toolchain refuses this file, the gap is fixed: move it to
// scripts/rejected/ with the new message, and update the Isolation article's
// "What Swift does not catch".
import ClosureKit

final class Box {
    var count = 0
}

final class Knob: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

@MainActor
final class Model {
    var seen = 0
    var tokens = Set<CancellationToken>()

    func bind(_ knob: Knob) {
        let box = Box()
        knob.addHandler(for: .valueChanged) { _ in self.seen = box.count }.store(in: &tokens)
        Task.detached { box.count += 1 }
    }

    func plainTask() {
        let box = Box()
        Task { self.seen = box.count }
        Task.detached { box.count += 1 }
    }
}
