import ClosureKit
import Testing

// Hooks registered by name take their caller's isolation, as the typed
// `before`/`after`/`instead` do. Each test hooks a type of its own, so that
// the hook point is created (or not yet) when the test says.

/// A plain `Hookable` class, not `Sendable`, called from a background thread.
final class NamedJournal: Hookable {
    struct Hooks {
        let write = HookPoint<NamedJournal, String, Int>("write(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    private var entries: [String] = []

    func write(_ entry: String) -> Int {
        Self.hooks.write.call(self, entry) { journal, entry in
            journal.entries.append(entry)
            return journal.entries.count
        }
    }
}

/// The same, for the test whose hook waits for the hook point: nothing else
/// uses it, so that its hook point is created by the test's call.
final class LateJournal: Hookable {
    struct Hooks {
        let write = HookPoint<LateJournal, String, Int>("write(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func write(_ entry: String) -> Int {
        Self.hooks.write.call(self, entry) { _, entry in entry.count }
    }
}

/// The same again, for the nonisolated test.
final class PlainJournal: Hookable {
    struct Hooks {
        let write = HookPoint<PlainJournal, String, Int>("write(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func write(_ entry: String) -> Int {
        Self.hooks.write.call(self, entry) { _, entry in entry.count }
    }
}

/// A main-actor `Hookable` class: its calls are sends from the main actor.
/// Declared as the HookPoints article says: `hooks` is `nonisolated`,
/// `hookStorage` a plain `let` (a `Sendable` `let` needs no `nonisolated`).
@MainActor
final class MainActorJournal: Hookable {
    struct Hooks {
        let write = HookPoint<MainActorJournal, String, Int>("write(_:)")
    }
    nonisolated static let hooks = Hooks()
    let hookStorage = HookStorage()

    func write(_ entry: String) -> Int {
        Self.hooks.write.call(self, entry) { _, entry in entry.count }
    }
}

/// A main-actor view model that hooks by name, as an app would from
/// configuration.
@MainActor
final class JournalViewModel {
    var seen: [String] = []
    var tokens = Set<CancellationToken>()

    func watch(_ journal: NamedJournal) throws {
        try journal.hook("write(_:)", at: .after) { (_: NamedJournal, invocation: Invocation<String, Int>) in
            self.seen.append(invocation.arguments)
        }.store(in: &tokens)
    }

    func watchAll(_ type: LateJournal.Type) throws {
        try type.hook("write(_:)", at: .before) { (_: LateJournal, invocation: Invocation<String, Int>) in
            self.seen.append(invocation.arguments)
        }.store(in: &tokens)
    }
}

struct UncheckedJournal<Journal: Hookable>: @unchecked Sendable {
    let journal: Journal
    init(_ journal: Journal) { self.journal = journal }
}

@Suite("Name-based hooks run in their caller's isolation")
struct NameBasedHookIsolationTests {
    @Test("a main-actor model's hook by name on one instance runs during main-actor calls, in call order")
    @MainActor
    func mainActorHookByName() throws {
        let model = JournalViewModel()
        defer { model.tokens.removeAll() }
        let journal = NamedJournal()
        try model.watch(journal)
        for index in 1...5 { _ = journal.write("entry \(index)") }
        #expect(model.seen == (1...5).map { "entry \($0)" })
    }

    @Test("a main-actor hook by name for every instance is refused: its values cannot be checked for Sendable")
    @MainActor
    func typeWideByNameFromAnActorIsRefused() throws {
        let model = JournalViewModel()
        defer { model.tokens.removeAll() }
        #expect {
            try model.watchAll(LateJournal.self)
        } throws: { error in
            guard let error = error as? HookError,
                case .valuesCannotCross(let name, let owner, let position, let actor) = error
            else { return false }
            let message = "\(error)"
            return name == "write(_:)" && owner == "LateJournal" && position == .before
                && actor.contains("MainActor") && message.contains("use the typed hook point")
                && message.contains("hook one instance by name")
        }
        #expect(model.tokens.isEmpty)
        _ = LateJournal().write("no hook runs")
        #expect(model.seen.isEmpty)
    }

    @Test("an instead hook by name from the main actor answers main-actor calls, per instance")
    @MainActor
    func insteadByNameAnswersOnItsActor() throws {
        let own = MainActorJournal()
        let answering = try own.hook("write(_:)", at: .instead) {
            @Sendable (_: MainActorJournal, _: inout InsteadInvocation<String, Int>) -> Int in 42
        }
        defer { answering.cancel() }
        #expect(own.write("here") == 42)

        let journal = NamedJournal()
        var calls = 0
        let token = try journal.hook("write(_:)", at: .instead) {
            (_: NamedJournal, invocation: inout InsteadInvocation<String, Int>) -> Int in
            calls += 1
            return invocation.proceed() + 100
        }
        #expect(journal.write("there") == 101)
        #expect(calls == 1)
        token.cancel()
        #expect(journal.write("again") == 2)
        #expect(calls == 1)
    }

    @Test("a hook by name from nonisolated code runs on the calling thread, during the call")
    func nonisolatedHookByName() throws {
        let journal = PlainJournal()
        let lengths = Box()
        let token = try PlainJournal.hook("write(_:)", at: .after) {
            @Sendable (_: PlainJournal, invocation: Invocation<String, Int>) in
            lengths.value += invocation.result!
        }
        defer { token.cancel() }
        let sendable = UncheckedJournal(journal)
        blockingOnBackgroundThread {
            _ = sendable.journal.write("abc")
            _ = sendable.journal.write("de")
        }
        #expect(lengths.value == 5)
    }

    @Test("a hook by name from nonisolated code must be @Sendable: a plain closure is refused, naming both types")
    func nonisolatedPlainClosureByNameIsRefused() throws {
        _ = PlainJournal.hooks.write // the hook point exists
        let plain: Any = { (_: PlainJournal, _: Invocation<String, Int>) in }
        do {
            let token = try PlainJournal.hook("write(_:)", at: .before, plain)
            token.cancel()
            Issue.record("a non-Sendable closure registered from nonisolated code was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains("@Sendable (PlainJournal, Invocation<String, Int>) -> ()"))
            #expect(message.contains("given (PlainJournal, Invocation<String, Int>) -> ()"))
            #expect(message.contains("add @Sendable to the closure"), "\(message)")
        }
    }
}
