import Testing

@testable import ClosureKit

/// A computed property that reads no observable property.
private final class Labelled: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var count = 0
    var fixed = "x"
    var label: String { fixed.uppercased() }
}

/// The message of the trap that ended an exit test's child process: the
/// line that says "Fatal error" (the backtrace after it prints addresses).
func trapMessage(_ result: ExitTest.Result?) -> String {
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    return text.split(separator: "\n").first { $0.contains("Fatal error") }.map(String.init) ?? text
}

/// A path through a link that is not observable, after an observable one:
/// `\MistakeShelf.box.plainInner.count`.
private final class MistakeShelf: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var box = MistakeCrate()
}

private final class MistakeCrate: KeyPathObservable {
    let observationStorage = ObservationStorage()
    var plainInner = MistakeInner()
}

private final class MistakeInner: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var count = 0
}

// A key path that cannot be observed is a mistake in the code: `observe` and
// `changes(of:)` trap at the registration, in every build, naming the key
// path as Swift prints it (with no address) and the fix.
@Suite("Observation: a key path that cannot be observed traps at the registration")
struct ObservationMistakeTests {
    /// What the trap of `\ObservedAccount.plain` says. Swift prints the
    /// name of a property of a class that is not `final` on Apple platforms
    /// only; elsewhere the trap names the stored properties it may be.
    private func expectPlainAccountMessage(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            text.contains(
                ": it reads no @ObservableProperty of a KeyPathObservable object, so no change would ever be "
                    + "reported. Mark the properties it reads with @ObservableProperty."),
            "\(text)", sourceLocation: sourceLocation)
        #expect(
            text.contains("ClosureKit: cannot observe \\ObservedAccount.plain:")
                || text.contains(
                    "ClosureKit: cannot observe \\ObservedAccount.<computed Int>: it reads no @ObservableProperty")
                    && text.contains(
                        "(Swift prints no name for this property here; if it is a stored property of "
                            + "ObservedAccount, it is one of those not marked: plain.)"),
            "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("0x"), "\(text)", sourceLocation: sourceLocation)
    }

    @Test("a key path that reads no observable property traps, naming it and the fix")
    func readsNothing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ObservedAccount().observe(\.plain) { _, _ in }
        }
        expectPlainAccountMessage(trapMessage(result))
    }

    @Test("the region form of an object that is not Sendable traps the same way")
    func readsNothingRegionForm() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var count = 0
            let token = Labelled().observe(\.fixed) { _, _ in count += 1 }
            _ = (token, count)
        }
        #expect(trapMessage(result).contains("cannot observe \\Labelled.fixed: it reads no @ObservableProperty"))
    }

    @Test("a computed key path is named without an address")
    func computedKeyPathIsNamedWithoutAddress() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Labelled().observe(\.label) { _, _ in }
        }
        let text = trapMessage(result)
        #expect(text.contains("cannot observe \\Labelled.<computed String>:") || text.contains("\\Labelled.label:"))
        #expect(!text.contains("0x"), "\(text)")
    }

    @Test("a key path among several, and changes(of:), trap the same way")
    func severalAndSequence() async {
        let several = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ObservedAccount().observe([\ObservedAccount.balance, \ObservedAccount.plain]) { _, _ in }
        }
        expectPlainAccountMessage(trapMessage(several))
        let sequence = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ObservedAccount().changes(of: \.plain)
        }
        expectPlainAccountMessage(trapMessage(sequence))
    }

    @Test("a nested key path through a property that is not observable traps, naming the property and the fix")
    func unobservedLink() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ObservedAccount().observe(\.plainOwner.name) { _, _ in }
        }
        let text = trapMessage(result)
        #expect(
            text.contains("ClosureKit: cannot observe \\ObservedAccount.plainOwner.name: it reaches ObservedPerson")
                || text.contains(
                    "ClosureKit: cannot observe \\ObservedAccount.<computed ObservedPerson>.name: it reaches "
                        + "ObservedPerson"),
            "\(text)")
        #expect(
            text.contains(
                "it reaches ObservedPerson through ObservedAccount.plainOwner, which is not marked "
                    + "@ObservableProperty, so replacing that object would go unnoticed. Mark every property "
                    + "along the path with @ObservableProperty, or observe ObservedPerson directly."),
            "\(text)")
    }

    @Test("the observable properties along a path are named by the trap, whatever Swift prints")
    func observablePropertiesAreNamed() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MistakeShelf().observe(\.box.plainInner.count) { _, _ in }
        }
        let text = trapMessage(result)
        #expect(
            text.contains(
                "cannot observe \\MistakeShelf.box.plainInner.count: it reaches MistakeInner through "
                    + "MistakeCrate.plainInner, which is not marked @ObservableProperty"),
            "\(text)")
    }

    @Test("the description of a computed component keeps its type and drops its address")
    func descriptionWithoutAddresses() {
        #expect(
            KeyPathDescription.of(#"\Account.<computed 0x00005574c51ec9b0 (String)>"#)
                == #"\Account.<computed String>"#)
        #expect(
            KeyPathDescription.of(
                #"\Account.owner.<computed 0x1f (Optional<(Int, Int)>)>.<computed 0xab ((Int) -> ())>"#)
                == #"\Account.owner.<computed Optional<(Int, Int)>>.<computed (Int) -> ()>"#)
        #expect(
            KeyPathDescription.of(
                #"\Account.<computed 0x1f (Person)>.<computed 0xab (String)>"#, names: ["ab": "name"])
                == #"\Account.<computed Person>.name"#)
        // Other text is kept as it is.
        #expect(KeyPathDescription.of(#"\Account.name"#) == #"\Account.name"#)
        #expect(KeyPathDescription.of("<computed 0xzz (Int)>") == "<computed 0xzz (Int)>")
        #expect(KeyPathDescription.of("<computed 0x12 (Int") == "<computed 0x12 (Int")
        #expect(KeyPathDescription.of(#"\Account.<computed 0x12ab"#) == #"\Account.<computed 0x12ab"#)
        #expect(!KeyPathDescription.of([\ObservedAccount.balance, \ObservedAccount.plain]).contains("0x"))
    }
}
