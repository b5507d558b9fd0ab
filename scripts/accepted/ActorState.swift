// An actor's handlers use its state, a local var of the actor's method and a
// non-Sendable value of its region, with no annotation: they run on the actor.
// Swift makes a closure written in an actor's method the actor's code when it
// captures the actor (`self`); one that does not is nonisolated, checked as
// @Sendable, and runs on the sending thread (scripts/rejected/
// CapturedVarInActorWithoutSelf.swift).
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

/// Not Sendable: it lives in the actor's region.
final class Journal {
    var lines: [String] = []
}

actor Counter {
    var count = 0
    var tokens: [CancellationToken] = []

    func bind(_ pinger: Pinger) {
        tokens.append(pinger.addHandler(for: .valueChanged) { _ in self.count += 1 })
    }

    func bindLocals(_ pinger: Pinger) {
        var seen = 0
        let journal = Journal()
        tokens.append(
            pinger.addHandler(for: .valueChanged) { _ in
                seen += 1
                journal.lines.append("event \(seen) of \(self.count)")
            })
    }
}
