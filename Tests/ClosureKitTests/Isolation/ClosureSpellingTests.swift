import ClosureKit
import Dispatch
import Synchronization
import Testing

// Every spelling of a closure, not only the literal: the region forms check
// their registrant's isolation at registration and their closure's actor at
// every call, and a closure that must answer stops the program off its actor
// unless its registration chose `.onItsActorOnly`. What the compiler refuses
// is in scripts/rejected; these are the checks Swift 6.3 leaves to run time.

/// A control that is not `Sendable`, as a plain UI model's is.
final class Dial: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0
}

/// A control that is `Sendable`: its state is behind a mutex.
final class SharedDial: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
    let value = Mutex(0)
}

/// Carries a value that is not `Sendable` across, as the compiler's gaps
/// let user code do: what the run-time checks must catch.
struct Smuggled<Value>: @unchecked Sendable {
    let value: Value
}

/// An actor that registers its own method by name, which Swift does not
/// merge into the control's region as it does a closure literal.
actor Tally {
    private(set) var count = 0
    private var tokens: [CancellationToken] = []

    func bump(_ dial: Dial) { count += 1 }

    /// Registers `bump` on a new control and hands the control out: the
    /// compiler's gap, reproduced.
    func registerByName() -> Smuggled<Dial> {
        let dial = Dial()
        tokens.append(dial.addHandler(for: .valueChanged, bump))
        return Smuggled(value: dial)
    }

    /// Registers `bump` on a control and sends an event from the actor's
    /// own code.
    func registerAndSendHere() -> Int {
        let dial = Dial()
        tokens.append(dial.addHandler(for: .valueChanged, bump))
        dial.sendEvents(.valueChanged)
        return count
    }

    /// Registers a method of a main-actor model: another actor's code.
    func registerMainActorMethod(of model: DialModel) {
        let dial = Dial()
        tokens.append(dial.addHandler(for: .valueChanged, model.record))
    }
}

/// A main-actor view model that stores its handler in a `let` of a plain
/// function type: the closure value carries no actor of its own, and a
/// `Sendable` control takes it in a form that warns (reached through
/// `StoredHandlerRegistering`, so that the test build takes it).
@MainActor
final class DialModel: StoredHandlerRegistering {
    var seen = 0
    // Weak: the model keeps the tokens, which keep the handler.
    lazy var handler: (SharedDial) -> Void = { [weak self] _ in self?.seen += 1 }
    var tokens: [CancellationToken] = []

    @available(*, deprecated, message: "registers in the form that warns")
    func onChange(_ dial: SharedDial) {
        tokens.append(dial.addHandler(for: .valueChanged, handler))
    }

    func onChangeOfPlain(_ dial: Dial) {
        tokens.append(dial.addHandler(for: .valueChanged, { [weak self] _ in self?.seen += 1 } as (Dial) -> Void))
    }

    func record(_ dial: Dial) { seen += 1 }
}

@MainActor
protocol StoredHandlerRegistering {
    func onChange(_ dial: SharedDial)
}

/// A `Sendable` type with an `instead` hook point, as a server's service is.
final class Gate: Hookable, Sendable {
    struct Hooks {
        let allows = HookPoint<Gate, String, Bool>("allows(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func allows(_ user: String) -> Bool {
        Self.hooks.allows.call(self, user) { _, user in user != "mallory" }
    }
}

@Suite("Closure spellings: method and function references, stored values, checked at run time")
struct ClosureSpellingTests {
    @Test("an actor's method passed by name runs at once for an event its own code sends")
    func actorMethodOnItsActor() async {
        let tally = Tally()
        #expect(await tally.registerAndSendHere() == 1)
    }

    @Test("an actor's method passed by name stops the program before it runs off the actor")
    func actorMethodOffItsActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let tally = Tally()
            let dial = await tally.registerByName()
            dial.value.sendEvents(.valueChanged)
            // Reached only if the check let the method run off its actor.
            print("ran:", await tally.count)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to Tally was called off Tally"), "\(message)")
        #expect(message.contains("{ self.method($0) }"), "\(message)")
        #expect(!message.contains("ran:"), "\(message)")
    }

    @Test("a global actor's method registered from another actor is refused at the registration, naming both")
    func otherActorsMethodIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Tally().registerMainActorMethod(of: DialModel())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor but was registered from Tally"), "\(message)")
    }

    @Test("a main-actor method registered from nonisolated code stops the program at an event sent off the actor")
    func mainActorMethodFromNonisolatedTrapsOffItsActor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = await DialModel()
            let dial = Dial()
            // Taken: a convenience that does not pass its caller's isolation
            // on registers every closure from nonisolated code.
            let token = dial.addHandler(for: .valueChanged, model.record)
            dial.sendEvents(.valueChanged)
            print("ran:", await model.seen)
            token.cancel()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
        #expect(!message.contains("ran:"), "\(message)")
    }

    @Test("a main-actor method registered from nonisolated code runs for events sent on the main actor")
    func mainActorMethodFromNonisolatedOnItsActor() async {
        let model = await DialModel()
        let dial = Smuggled(value: Dial())
        let token = Smuggled(value: dial.value.addHandler(for: .valueChanged, model.record))
        await MainActor.run { dial.value.sendEvents(.valueChanged) }
        #expect(await model.seen == 1)
        token.value.cancel()
    }

    @Test("a stored main-actor handler on a Sendable control runs for events sent on the main actor")
    @MainActor
    func storedHandlerOnItsActor() {
        let model = DialModel()
        let dial = SharedDial()
        (model as any StoredHandlerRegistering).onChange(dial)
        dial.sendEvents(.valueChanged)
        #expect(model.seen == 1)
        let plain = Dial()
        model.onChangeOfPlain(plain)
        plain.sendEvents(.valueChanged)
        #expect(model.seen == 2)
        model.tokens.removeAll()
    }

    @Test("a stored main-actor handler on a Sendable control stops the program for an event sent elsewhere")
    func storedHandlerOffItsActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dial = SharedDial()
            let model = await DialModel()
            await (model as any StoredHandlerRegistering).onChange(dial)
            await onBackgroundThread { dial.sendEvents(.valueChanged) }
            print("ran:", await model.seen)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
        #expect(message.contains("declare the closure @Sendable"), "\(message)")
        #expect(!message.contains("ran:"), "\(message)")
    }

    @Test("a function reference of no actor, registered from nonisolated code, runs on the sending thread")
    func nonisolatedFunctionReference() {
        let dial = Dial()
        let token = dial.addHandler(for: .valueChanged, incrementValue)
        dial.sendEvents(.valueChanged)
        dial.sendEvents(.valueChanged)
        #expect(dial.value == 2)
        token.cancel()
    }

    @Test(
        "each region form refuses another actor's closure at its registration",
        arguments: Registrar.Form.allCases)
    func everyRegionFormChecksItsRegistrant(_ form: Registrar.Form) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [form] in
            await Registrar().register(form, DialModel())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor but was registered from Registrar"), "\(message)")
    }

    @Test("the same forms take a method of their registrant's own actor")
    @MainActor
    func everyRegionFormTakesItsRegistrantsMethod() {
        let model = DialModel()
        let handlers = EventHandlers<Int>()
        let recorder = PlainRecorder()
        let account = PlainAccount()
        let tokens = [
            handlers.add(model.recordValue),
            PlainRecorder.hooks.log.before(on: recorder, model.recordCall),
            account.observe(\.balance, model.recordChange),
        ]
        handlers.send(1)
        _ = recorder.log("one")
        account.balance = 3
        #expect(model.seen == 3)
        tokens.forEach { $0.cancel() }
    }
}

/// An actor that registers a main-actor model's methods in each region
/// form: closures of another actor than their registrant's.
actor Registrar {
    enum Form: String, CaseIterable, Codable, Sendable {
        case control, eventHandlers, hookBefore, hookAfter, hookInstead, hookReplaceResult
        case observer, observerOfNonEquatable, observerOfSeveral, observerOfSeveralNonEquatable, observerOfAny
        case proxyImplement, proxyInstead, proxyBefore, proxyAfter, proxyReplaceResult
    }

    func register(_ form: Form, _ model: DialModel) {
        let recorder = PlainRecorder()
        let account = PlainAccount()
        let proxy = GramophoneProxy()
        let stop = GramophoneProxy.selectors.shouldStop
        let token: CancellationToken
        switch form {
        case .control: token = Dial().addHandler(for: .valueChanged, model.record)
        case .eventHandlers: token = EventHandlers<Int>().add(model.recordValue)
        case .hookBefore: token = PlainRecorder.hooks.log.before(on: recorder, model.recordCall)
        case .hookAfter: token = PlainRecorder.hooks.log.after(on: recorder, model.recordCall)
        case .hookInstead: token = PlainRecorder.hooks.log.instead(on: recorder, model.answerCall)
        case .hookReplaceResult: token = PlainRecorder.hooks.log.replaceResult(on: recorder, model.replaceCall)
        case .observer: token = account.observe(\.balance, model.recordChange)
        case .observerOfNonEquatable: token = account.observe(\.history, model.recordHistory)
        case .observerOfSeveral: token = account.observe([\.balance, \.limit], model.recordChange)
        case .observerOfSeveralNonEquatable: token = account.observe([\.history], model.recordHistory)
        case .observerOfAny: token = account.observe([\.balance, \.history], model.recordAny)
        case .proxyImplement: token = proxy.implement(stop, with: model.answerStop)
        case .proxyInstead: token = proxy.instead(stop, model.insteadStop)
        case .proxyBefore: token = proxy.before(stop, model.observeStop)
        case .proxyAfter: token = proxy.after(stop, model.observeStop)
        case .proxyReplaceResult: token = proxy.replaceResult(stop, model.replaceStop)
        }
        token.cancel()
    }
}

@Suite("A closure that must answer: it runs for every caller, or its registrant chose otherwise")
struct AnswerPolicyTests {
    @Test("a main-actor instead hook of a Sendable instance stops the program for a call from a request task")
    func insteadHookOffItsActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let gate = Gate()
            let token = await MainActor.run {
                Gate.hooks.allows.instead(on: gate) { _, invocation in invocation.arguments == "admin" }
            }
            // A request task: not the main actor.
            let allowed = await Task.detached { gate.allows("mallory") }.value
            print("allowed:", allowed)
            token.cancel()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("must answer"), "\(message)")
        #expect(message.contains("belongs to @MainActor"), "\(message)")
        #expect(message.contains("`static func main()` is main-actor code"), "\(message)")
        #expect(message.contains(".onItsActorOnly"), "\(message)")
        #expect(!message.contains("allowed:"), "\(message)")
    }

    @Test("a main-actor instead hook for every instance stops the program for a call from elsewhere")
    func typeWideInsteadHookOffItsActorTraps() async {
        await #expect(processExitsWith: .failure) {
            let token = await MainActor.run { Gate.hooks.allows.instead { _, _ in false } }
            _ = await Task.detached { Gate().allows("anyone") }.value
            token.cancel()
        }
    }

    @Test("a main-actor replaceResult hook stops the program for a call from elsewhere")
    func replaceResultOffItsActorTraps() async {
        await #expect(processExitsWith: .failure) {
            let gate = Gate()
            let token = await MainActor.run { Gate.hooks.allows.replaceResult(on: gate) { _, _ in false } }
            _ = await Task.detached { gate.allows("anyone") }.value
            token.cancel()
        }
    }

    @Test("a main-actor proxy closure that answers stops the program for a message from elsewhere")
    func proxyAnswerOffItsActorTraps() async {
        await #expect(processExitsWith: .failure) {
            let owner = TransferOwner()
            let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
            let token = await MainActor.run { proxy.implement(TransferProxy.selectors.shouldStart) { _ in false } }
            _ = await Task.detached { owner.shouldStart() }.value
            token.cancel()
        }
        await #expect(processExitsWith: .failure) {
            let owner = TransferOwner()
            let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
            let token = await MainActor.run { proxy.instead(TransferProxy.selectors.shouldStart) { _ in false } }
            _ = await Task.detached { owner.shouldStart() }.value
            token.cancel()
        }
        await #expect(processExitsWith: .failure) {
            let owner = TransferOwner()
            let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
            let token = await MainActor.run {
                proxy.replaceResult(TransferProxy.selectors.shouldStart) { _ in false }
            }
            _ = await Task.detached { owner.shouldStart() }.value
            token.cancel()
        }
    }

    @Test("registered from nonisolated code, an instead hook runs for every caller, on the caller's thread")
    func nonisolatedInsteadRunsEverywhere() async {
        let gate = Gate()
        let token = Gate.hooks.allows.instead(on: gate) { _, invocation in invocation.arguments == "admin" }
        let answers = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { gate.allows("mallory") } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers == Array(repeating: false, count: 8))
        #expect(gate.allows("admin"))
        token.cancel()
        #expect(gate.allows("mallory") == false)
        #expect(gate.allows("eve"))
    }

    @Test(".onItsActorOnly: a call from elsewhere goes on without the hook, which stays unspent")
    func onItsActorOnlyPassesOver() async {
        let gate = Gate()
        let token = await MainActor.run {
            Gate.hooks.allows.instead(on: gate, options: [.once, .onItsActorOnly]) { _, _ in false }
        }
        #expect(await Task.detached { gate.allows("eve") }.value) // the original
        #expect(await MainActor.run { gate.allows("eve") } == false) // the hook, on its actor
        #expect(await MainActor.run { gate.allows("eve") }) // used up now
        #expect(token.cancel() == false)
    }
}

@Suite("A closure value that is not @Sendable on a Sendable owner: the forms that warn")
struct UnsharedFormsTests {
    // Swift picks a deprecated form for it (the compiler warns:
    // scripts/rejected/Unshared*.swift); these pin what each of them does
    // once the warning is ignored.
    @Test(
        "registered from nonisolated code, each form stops the program at the registration",
        arguments: UnsharedForm.allCases)
    func refusedFromNonisolatedCode(_ form: UnsharedForm) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [form] in
            let registrations: any UnsharedRegistering = UnsharedRegistrations()
            let token = registrations.register(form, on: SharedOwners(), UnsharedCounter(), isolation: nil)
            print("ran:", token.cancel())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("is not @Sendable, was registered from nonisolated code"), "\(message)")
        #expect(message.contains(form.what), "\(message)")
        #expect(!message.contains("ran:"), "\(message)")
    }

    @Test("registered from an actor, each form is that actor's code and runs there", arguments: UnsharedForm.allCases)
    @MainActor
    func runsOnItsRegistrantsActor(_ form: UnsharedForm) {
        let registrations: any UnsharedRegistering = UnsharedRegistrations()
        let owners = SharedOwners()
        let counter = UnsharedCounter()
        let token = registrations.register(form, on: owners, counter, isolation: MainActor.shared)
        owners.trigger(form)
        #expect(counter.count == 1)
        token.cancel()
        owners.trigger(form)
        #expect(counter.count == 1)
    }

    @Test(
        "registered from an actor, each form stops the program for a call or set from elsewhere",
        arguments: UnsharedForm.allCases)
    func offItsRegistrantsActorTraps(_ form: UnsharedForm) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [form] in
            let owners = SharedOwners()
            let token = await MainActor.run {
                let registrations: any UnsharedRegistering = UnsharedRegistrations()
                return registrations.register(form, on: owners, UnsharedCounter(), isolation: MainActor.shared)
            }
            await onBackgroundThread { owners.trigger(form) }
            print("ran:", token.cancel())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
        #expect(!message.contains("ran:"), "\(message)")
    }
}

/// A class that is not `Sendable`, whose methods are registered by name:
/// values that are not `@Sendable`.
final class UnsharedCounter {
    var count = 0
    func turn(_ dial: SharedDial) { count += 1 }
    func call(_ gate: Gate, _ invocation: Invocation<String, Bool>) { count += 1 }
    func answer(_ gate: Gate, _ invocation: inout InsteadInvocation<String, Bool>) -> Bool {
        count += 1
        return invocation.proceed()
    }
    func replace(_ gate: Gate, _ invocation: Invocation<String, Bool>) -> Bool {
        count += 1
        return invocation.result ?? false
    }
    func level(_ meter: SharedMeter, _ change: ObservedChange<Int>) { count += 1 }
    func reading(_ meter: SharedMeter, _ change: ObservedChange<ObservedOpaque>) { count += 1 }
    func any(_ meter: SharedMeter, _ change: ObservedChange<Any>) { count += 1 }
}

/// A `Sendable` observed object (its users guard it).
final class SharedMeter: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var level = 0
    @ObservableProperty var reading = ObservedOpaque(raw: 0)
}

/// Each form Swift picks for a value that is not `@Sendable` on a
/// `Sendable` owner.
enum UnsharedForm: String, CaseIterable, Codable, Sendable {
    case control, hookBefore, hookAfter, hookInstead, hookReplaceResult
    case observer, observerOfNonEquatable, observerOfSeveral, observerOfSeveralNonEquatable, observerOfAny
    case observerOfSeveralSkippingEqual

    /// What the refusal names.
    var what: String {
        switch self {
        case .control: "the handler of SharedDial"
        case .hookBefore: "the before hook of allows(_:)"
        case .hookAfter: "the after hook of allows(_:)"
        case .hookInstead: "the instead hook of allows(_:)"
        case .hookReplaceResult: "the replaceResult hook of allows(_:)"
        default: "an observer of SharedMeter"
        }
    }
}

/// One `Sendable` owner of each kind.
struct SharedOwners: Sendable {
    let dial = SharedDial()
    let gate = Gate()
    let meter = SharedMeter()

    /// Makes the event, call or set that reaches `form`'s closure.
    func trigger(_ form: UnsharedForm) {
        switch form {
        case .control: dial.sendEvents(.valueChanged)
        case .hookBefore, .hookAfter, .hookInstead, .hookReplaceResult: _ = gate.allows("eve")
        case .observerOfNonEquatable, .observerOfSeveralNonEquatable: meter.reading = ObservedOpaque(raw: 1)
        case .observer, .observerOfSeveral, .observerOfAny: meter.level += 1
        case .observerOfSeveralSkippingEqual:
            meter.level = meter.level // an equal value: skipped
            meter.level += 1
        }
    }
}

/// Reaches the forms that warn through a protocol: a deprecated witness
/// called through its requirement does not warn, and the test build turns
/// warnings into errors.
protocol UnsharedRegistering: Sendable {
    /// Registers `form` with a method of `counter` on `owners`, from
    /// `isolation`.
    func register(
        _ form: UnsharedForm, on owners: SharedOwners, _ counter: UnsharedCounter, isolation: isolated (any Actor)?
    ) -> CancellationToken
}

struct UnsharedRegistrations: UnsharedRegistering {
    @available(*, deprecated, message: "registers in the forms that warn")
    func register(
        _ form: UnsharedForm, on owners: SharedOwners, _ counter: UnsharedCounter, isolation: isolated (any Actor)?
    ) -> CancellationToken {
        let allows = Gate.hooks.allows
        let meter = owners.meter
        return switch form {
        case .control: owners.dial.addHandler(for: .valueChanged, counter.turn)
        case .hookBefore: allows.before(on: owners.gate, counter.call)
        case .hookAfter: allows.after(on: owners.gate, counter.call)
        case .hookInstead: allows.instead(on: owners.gate, counter.answer)
        case .hookReplaceResult: allows.replaceResult(on: owners.gate, counter.replace)
        case .observer: meter.observe(\.level, counter.level)
        case .observerOfNonEquatable: meter.observe(\.reading, counter.reading)
        case .observerOfSeveral: meter.observe([\.level], counter.level)
        case .observerOfSeveralSkippingEqual:
            meter.observe([\.level], options: .skippingEqualValues, counter.level)
        case .observerOfSeveralNonEquatable: meter.observe([\.reading], counter.reading)
        case .observerOfAny: meter.observe([\.level, \.reading] as [PartialKeyPath<SharedMeter>], counter.any)
        }
    }
}

/// A nonisolated function, passed by name.
private func incrementValue(_ dial: Dial) { dial.value += 1 }

extension DialModel {
    func recordValue(_ value: Int) { seen += 1 }
    func recordCall(_ recorder: PlainRecorder, _ invocation: Invocation<String, Int>) { seen += 1 }
    func answerCall(_ recorder: PlainRecorder, _ invocation: inout InsteadInvocation<String, Int>) -> Int { 0 }
    func recordChange(_ account: PlainAccount, _ change: ObservedChange<Int>) { seen += 1 }
    func answerStop(_ gramophone: Gramophone) -> Bool { false }
    func insteadStop(_ invocation: inout InsteadInvocation<Gramophone, Bool>) -> Bool { false }
    func observeStop(_ invocation: Invocation<Gramophone, Bool>) { seen += 1 }
    func replaceStop(_ invocation: Invocation<Gramophone, Bool>) -> Bool { false }
    func replaceCall(_ recorder: PlainRecorder, _ invocation: Invocation<String, Int>) -> Int { 0 }
    func recordHistory(_ account: PlainAccount, _ change: ObservedChange<[Int]?>) { seen += 1 }
    func recordAny(_ account: PlainAccount, _ change: ObservedChange<Any>) { seen += 1 }
}

/// An observed object that is not `Sendable`.
final class PlainAccount: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var balance = 0
    @ObservableProperty var limit = 0
    /// Not `Equatable`-constrained in its observation: an optional array.
    @ObservableProperty var history: [Int]? = nil
}

/// A library type that relays one of its own hook points to its callers'
/// closures, as "Building conveniences on ClosureKit" shows.
final class Printer: Hookable {
    struct Hooks {
        let print = HookPoint<Printer, Int, Bool>("print(pages:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    private let refused = EventHandlers<Int>()
    private var relay: CancellationToken?

    init() {
        let refused = refused
        relay = Self.hooks.print.after(on: self) { _, invocation in
            if invocation.result == false { refused.send(invocation.arguments) }
        }
    }

    func onRefused(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Int) -> Void
    ) -> CancellationToken {
        refused.add(isolation: isolation, handler)
    }

    func print(pages: Int) -> Bool {
        Self.hooks.print.call(self, pages) { _, pages in pages > 0 }
    }
}

@MainActor
final class PrinterModel {
    var refusals: [Int] = []
    func countRefusal(_ pages: Int) { refusals.append(pages) }
}

@Suite("A convenience relaying its own hook point keeps its callers' isolation")
struct RelayConvenienceTests {
    @Test("a main-actor method registered through the relay runs at once for calls on the main actor")
    @MainActor
    func relayRunsOnItsActor() {
        let model = PrinterModel()
        let printer = Printer()
        let token = printer.onRefused(model.countRefusal)
        #expect(printer.print(pages: 2))
        #expect(printer.print(pages: 0) == false)
        #expect(model.refusals == [0])
        token.cancel()
        _ = printer.print(pages: -1)
        #expect(model.refusals == [0])
    }

    @Test("an actor's method through the relay is refused when another actor registers it")
    func relayChecksTheCallersIsolation() async {
        await #expect(processExitsWith: .failure) {
            await PrinterRegistrar().register(PrinterModel())
        }
    }
}

actor PrinterRegistrar {
    func register(_ model: PrinterModel) {
        Printer().onRefused(model.countRefusal).cancel()
    }
}
