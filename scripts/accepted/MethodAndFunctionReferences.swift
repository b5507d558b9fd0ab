// Every spelling of a closure that must compile, beside the literals of
// MainActorModel.swift: a method reference, a stored value, a local func and
// a function reference, in a main-actor model, in an actor and in
// nonisolated code. Each registration's form is the one its comment names.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0
}

final class Knob: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

final class Doc: Hookable {
    struct Hooks {
        let save = HookPoint<Doc, String, Int>("save(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func save(_ name: String) -> Int { Self.hooks.save.call(self, name) { _, name in name.count } }
}

final class Document: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var words = 0
}

@MainActor
final class Model {
    var taps = 0
    var tokens = Set<CancellationToken>()

    func tap(_ pinger: Pinger) { taps += pinger.value }
    func turn(_ knob: Knob) { taps += 1 }
    func saved(_ doc: Doc, _ invocation: Invocation<String, Int>) { taps += 1 }
    func answer(_ doc: Doc, _ invocation: inout InsteadInvocation<String, Int>) -> Int { invocation.proceed() + taps }
    func counted(_ document: Document, _ change: ObservedChange<Int>) { taps = change.newValue ?? 0 }

    func bind(_ knob: Knob) {
        let pinger = Pinger()
        pinger.addHandler(for: .valueChanged, tap).store(in: &tokens) // region form
        knob.addHandler(for: .valueChanged, turn).store(in: &tokens) // Sendable form, on the main actor
        let stored: (Pinger) -> Void = { pinger in self.taps += pinger.value }
        pinger.addHandler(for: .valueChanged, stored).store(in: &tokens) // region form
        func local(_ pinger: Pinger) { taps += 1 }
        pinger.addHandler(for: .valueChanged, local).store(in: &tokens) // region form
        pinger.sendEvents(.valueChanged)

        let doc = Doc()
        Doc.hooks.save.after(on: doc, saved).store(in: &tokens)
        Doc.hooks.save.instead(on: doc, answer).store(in: &tokens)
        _ = doc.save("draft")

        let document = Document()
        document.observe(\.words, options: .new, counted).store(in: &tokens)
        document.words = 3
    }
}

actor Tally {
    var count = 0
    var tokens = Set<CancellationToken>()

    func bump(_ pinger: Pinger) { count += 1 }
    func turn(_ knob: Knob) { count += 1 }

    func bind(_ knob: Knob) {
        let pinger = Pinger()
        pinger.addHandler(for: .valueChanged, bump).store(in: &tokens) // region form
        knob.addHandler(for: .valueChanged, turn).store(in: &tokens) // Sendable form, on this actor
        pinger.sendEvents(.valueChanged)
    }
}

func logValue(_ pinger: Pinger) { print(pinger.value) }
func logTurn(_ knob: Knob) { print("turned") }

nonisolated func bindEverywhere(_ knob: Knob) -> [CancellationToken] {
    let pinger = Pinger()
    var local = 0
    func bump(_ pinger: Pinger) { local += pinger.value }
    return [
        pinger.addHandler(for: .valueChanged, logValue), // a function reference
        pinger.addHandler(for: .valueChanged, bump), // a local func capturing a var: region form
        knob.addHandler(for: .valueChanged, logTurn), // @Sendable: runs on the sending thread
    ]
}
