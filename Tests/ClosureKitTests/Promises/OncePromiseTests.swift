import Testing

@testable import ClosureKit

// Two documented promises, pinned for every registration form (Tests/PROMISES.md
// maps each form to its tests):
//
// P1, `.once` (RegistrationOptions.once, ObservationOptions.once): "the handler is
//     removed after its first call, and its token's cancel() then returns false"; a
//     second trigger does not run it.
// P2, order: control handlers and event handlers run "in registration order"
//     (ControlEventHandlers.md, EventHandlers); hook points run type-wide `before`
//     hooks then the instance's, each in registration order, the `instead` chain from
//     the instance's newest through type-wide newest to oldest, then type-wide `after`
//     hooks then the instance's, result replacements among them (HookPoints.md,
//     "Order"); a proxy runs `before` closures in registration order, the newest
//     `instead` closure, then `after` closures in registration order, replacements
//     among them (DelegateProxies.md); several observations of a property are
//     dispatched by the "ordered" handler engine (TokensAndLifetime.md), and an
//     observation of several key paths with `.initial` runs "once per key path, in
//     order" (KeyPathObservable.observe).
//
// Every closure is registered from nonisolated code, so it runs synchronously on the
// thread that triggers it: no waiting and no clock.

// MARK: - Recording

/// What the closures of one test did, in order, from any thread.
private final class PromiseTrace: Sendable {
    private let entries = Locked<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }
}

/// A value that is not `Sendable` (nor `Equatable`): what a non-`Sendable` argument
/// or observed value is made of.
private final class PromiseItem: CustomStringConvertible {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    var description: String { name }
}

// MARK: - Control events and event handlers

/// The forms that register a closure for an event.
enum PromiseHandlerForm: String, CaseIterable, Sendable {
    /// `EventControl.addHandler`, the region form, on a control that is not `Sendable`.
    case plainControl
    /// `EventControl.addHandler`, the `@Sendable` form, on a `Sendable` control.
    case sendableControl
    /// `EventHandlers.add`.
    case eventHandlers
    /// `SendableEventHandlers.add`.
    case sendableEventHandlers
}

/// A control that is not `Sendable`: it takes only the region form.
private final class PromisePlainControl: EventControl {
    let controlEventStorage = ControlEventStorage()
}

/// One source of each handler form, and the registrations the tests make on them.
private final class PromiseHandlerHarness {
    let plainControl = PromisePlainControl()
    /// `Sendable` (the Support fixture is `@unchecked Sendable`).
    let sendableControl = ControlTestButton()
    let eventHandlers = EventHandlers<String>()
    let sendableEventHandlers = SendableEventHandlers<String>()
    let trace = PromiseTrace()

    /// Registers a closure that records `label`; `events` is the control's mask.
    func add(
        _ form: PromiseHandlerForm, _ label: String, options: RegistrationOptions = [],
        events: ControlEvents = .valueChanged
    ) -> CancellationToken {
        let trace = trace
        switch form {
        case .plainControl:
            return plainControl.addHandler(for: events, options: options) { _ in trace.append(label) }
        case .sendableControl:
            return sendableControl.addHandler(for: events, options: options) { _ in trace.append(label) }
        case .eventHandlers:
            return eventHandlers.add(options: options) { _ in trace.append(label) }
        case .sendableEventHandlers:
            return sendableEventHandlers.add(options: options) { _ in trace.append(label) }
        }
    }

    /// Triggers the form's closures once.
    func send(_ form: PromiseHandlerForm, _ events: ControlEvents = .valueChanged) {
        switch form {
        case .plainControl: plainControl.sendEvents(events)
        case .sendableControl: sendableControl.sendEvents(events)
        case .eventHandlers: eventHandlers.send("event")
        case .sendableEventHandlers: sendableEventHandlers.send("event")
        }
    }
}

@Suite("Promises: control events and event handlers, .once and order")
struct OncePromiseHandlerTests {
    @Test(
        "P1: a .once handler runs at the first send only, and its token's cancel() then returns false",
        arguments: PromiseHandlerForm.allCases)
    func handlerRunsOnce(_ form: PromiseHandlerForm) {
        let harness = PromiseHandlerHarness()
        let witness = harness.add(form, "witness")
        let once = harness.add(form, "once", options: .once)
        harness.send(form)
        harness.send(form)
        #expect(harness.trace.all == ["witness", "once", "witness"])
        #expect(!once.isCancelled)
        #expect(once.cancel() == false)
        #expect(witness.cancel())
    }

    @Test(
        "P2: handlers run in registration order (controls: whatever their overlapping masks)",
        arguments: PromiseHandlerForm.allCases)
    func handlersRunInRegistrationOrder(_ form: PromiseHandlerForm) {
        let harness = PromiseHandlerHarness()
        let tokens = [
            harness.add(form, "one", events: .allEvents),
            harness.add(form, "two", events: .valueChanged),
            harness.add(form, "three", events: [.touchUpInside, .valueChanged]),
            harness.add(form, "four", events: .touchUpInside),
        ]
        harness.send(form, [.valueChanged, .touchUpInside])
        #expect(harness.trace.all == ["one", "two", "three", "four"])
        // The order survives a removal from the middle.
        #expect(tokens[1].cancel())
        harness.send(form, [.valueChanged, .touchUpInside])
        #expect(harness.trace.all == ["one", "two", "three", "four", "one", "three", "four"])
        for token in tokens { token.cancel() }
    }
}

// MARK: - Hook points: fixtures

/// A hookable type that is not `Sendable`.
private final class PromisePlainJob: Hookable {
    struct Hooks {
        let run = HookPoint<PromisePlainJob, String, String>("run(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    let trace: PromiseTrace

    init(_ trace: PromiseTrace) {
        self.trace = trace
    }

    func run(_ input: String) -> String {
        Self.hooks.run.call(self, input) { job, input in
            job.trace.append("original")
            return input + "|orig"
        }
    }
}

/// A `Sendable` hookable type whose arguments and result are `Sendable`.
private final class PromiseSharedJob: Hookable, Sendable {
    struct Hooks {
        let run = HookPoint<PromiseSharedJob, String, String>("run(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    let trace: PromiseTrace

    init(_ trace: PromiseTrace) {
        self.trace = trace
    }

    func run(_ input: String) -> String {
        Self.hooks.run.call(self, input) { job, input in
            job.trace.append("original")
            return input + "|orig"
        }
    }
}

/// A `Sendable` hookable type whose argument is not `Sendable`: the nonisolated forms.
private final class PromiseCargoJob: Hookable, Sendable {
    struct Hooks {
        let run = HookPoint<PromiseCargoJob, PromiseItem, String>("run(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    let trace: PromiseTrace

    init(_ trace: PromiseTrace) {
        self.trace = trace
    }

    func run(_ item: PromiseItem) -> String {
        Self.hooks.run.call(self, item) { job, item in
            job.trace.append("original")
            return item.name + "|orig"
        }
    }
}

/// The owner types of the hook-point tests.
enum PromiseHookOwner: String, CaseIterable, Sendable {
    /// ``PromisePlainJob``: not `Sendable`.
    case plain
    /// ``PromiseSharedJob``: `Sendable`, with `Sendable` values.
    case shared
    /// ``PromiseCargoJob``: `Sendable`, with an argument that is not.
    case sharedCargo
}

/// The registrations of a hook point.
enum PromiseHookKind: String, CaseIterable, Sendable {
    case before
    case after
    /// An `instead` hook that proceeds.
    case instead
    case replaceResult
    /// An `instead` hook that does not proceed (not a form of its own).
    case insteadStopping
}

/// One instance (`on:`) or every instance (`for:`).
enum PromiseHookScope: String, CaseIterable, Sendable {
    case instance
    case typeWide
}

/// The typed hook points (`Job.hooks.run.before(...)`) or the name-based entry points
/// (`Job.hook("run(_:)", at:)`, `job.hook("run(_:)", at:)`).
enum PromiseRegistrar: String, CaseIterable, Sendable {
    case typed
    case byName
}

/// The hooks the tests register: each records its label (an `after` hook, the result
/// it saw), an `instead` hook wraps what it proceeded to, a replacement appends its
/// label to the result.
private enum PromiseHookBodies<Owner, Arguments> {
    static func before(_ label: String, _ trace: PromiseTrace)
        -> @Sendable (Owner, Invocation<Arguments, String>)
        -> Void
    {
        { _, _ in trace.append(label) }
    }

    static func after(_ label: String, _ trace: PromiseTrace)
        -> @Sendable (Owner, Invocation<Arguments, String>)
        -> Void
    {
        { _, invocation in trace.append("\(label):\(invocation.result ?? "nil")") }
    }

    static func instead(_ label: String, _ trace: PromiseTrace, proceeds: Bool)
        -> @Sendable (Owner, inout InsteadInvocation<Arguments, String>) -> String
    {
        { _, invocation in
            trace.append(label)
            guard proceeds else { return label }
            let inner = invocation.proceed()
            return "\(label)(\(inner))"
        }
    }

    static func replace(_ label: String, _ trace: PromiseTrace)
        -> @Sendable (Owner, Invocation<Arguments, String>)
        -> String
    {
        { _, invocation in
            trace.append(label)
            return "\(invocation.result ?? "nil")>\(label)"
        }
    }
}

/// One owner type of the hook-point tests, with the typed registrations of its hook
/// point: each `switch` case calls the overload Swift picks for that owner.
private protocol PromiseHookFixture {
    associatedtype Job: Hookable
    associatedtype Arguments

    static func make(_ trace: PromiseTrace) -> Job
    static func call(_ job: Job, _ input: String) -> String
    static func typed(
        _ kind: PromiseHookKind, _ scope: PromiseHookScope, _ job: Job, _ options: RegistrationOptions,
        _ label: String, _ trace: PromiseTrace
    ) -> CancellationToken
}

extension PromiseHookFixture {
    /// The same hooks, registered by the method's name.
    static func byName(
        _ kind: PromiseHookKind, _ scope: PromiseHookScope, _ job: Job, _ options: RegistrationOptions,
        _ label: String, _ trace: PromiseTrace
    ) throws -> CancellationToken {
        let bodies = PromiseHookBodies<Job, Arguments>.self
        let (position, body): (HookPosition, Any) =
            switch kind {
            case .before: (.before, bodies.before(label, trace))
            case .after: (.after, bodies.after(label, trace))
            case .instead, .insteadStopping: (.instead, bodies.instead(label, trace, proceeds: kind == .instead))
            // At `after`, a closure that returns the result replaces it.
            case .replaceResult: (.after, bodies.replace(label, trace))
            }
        switch scope {
        case .instance: return try job.hook("run(_:)", at: position, options: options, body)
        case .typeWide: return try Job.hook("run(_:)", at: position, options: options, body)
        }
    }

    static func register(
        _ registrar: PromiseRegistrar, _ kind: PromiseHookKind, _ scope: PromiseHookScope, _ job: Job,
        _ label: String, _ trace: PromiseTrace, options: RegistrationOptions = []
    ) throws -> CancellationToken {
        switch registrar {
        case .typed: return typed(kind, scope, job, options, label, trace)
        case .byName: return try byName(kind, scope, job, options, label, trace)
        }
    }
}

private enum PromisePlainHooks: PromiseHookFixture {
    typealias Arguments = String

    static func make(_ trace: PromiseTrace) -> PromisePlainJob { PromisePlainJob(trace) }
    static func call(_ job: PromisePlainJob, _ input: String) -> String { job.run(input) }

    static func typed(
        _ kind: PromiseHookKind, _ scope: PromiseHookScope, _ job: PromisePlainJob, _ options: RegistrationOptions,
        _ label: String, _ trace: PromiseTrace
    ) -> CancellationToken {
        let point = PromisePlainJob.hooks.run
        let bodies = PromiseHookBodies<PromisePlainJob, String>.self
        let every = PromisePlainJob.self
        switch kind {
        case .before:
            let body = bodies.before(label, trace)
            return scope == .instance
                ? point.before(on: job, options: options, body) : point.before(for: every, options: options, body)
        case .after:
            let body = bodies.after(label, trace)
            return scope == .instance
                ? point.after(on: job, options: options, body) : point.after(for: every, options: options, body)
        case .instead, .insteadStopping:
            let body = bodies.instead(label, trace, proceeds: kind == .instead)
            return scope == .instance
                ? point.instead(on: job, options: options, body) : point.instead(for: every, options: options, body)
        case .replaceResult:
            let body = bodies.replace(label, trace)
            return scope == .instance
                ? point.replaceResult(on: job, options: options, body)
                : point.replaceResult(for: every, options: options, body)
        }
    }
}

private enum PromiseSharedHooks: PromiseHookFixture {
    typealias Arguments = String

    static func make(_ trace: PromiseTrace) -> PromiseSharedJob { PromiseSharedJob(trace) }
    static func call(_ job: PromiseSharedJob, _ input: String) -> String { job.run(input) }

    static func typed(
        _ kind: PromiseHookKind, _ scope: PromiseHookScope, _ job: PromiseSharedJob, _ options: RegistrationOptions,
        _ label: String, _ trace: PromiseTrace
    ) -> CancellationToken {
        let point = PromiseSharedJob.hooks.run
        let bodies = PromiseHookBodies<PromiseSharedJob, String>.self
        let every = PromiseSharedJob.self
        switch kind {
        case .before:
            let body = bodies.before(label, trace)
            return scope == .instance
                ? point.before(on: job, options: options, body) : point.before(for: every, options: options, body)
        case .after:
            let body = bodies.after(label, trace)
            return scope == .instance
                ? point.after(on: job, options: options, body) : point.after(for: every, options: options, body)
        case .instead, .insteadStopping:
            let body = bodies.instead(label, trace, proceeds: kind == .instead)
            return scope == .instance
                ? point.instead(on: job, options: options, body) : point.instead(for: every, options: options, body)
        case .replaceResult:
            let body = bodies.replace(label, trace)
            return scope == .instance
                ? point.replaceResult(on: job, options: options, body)
                : point.replaceResult(for: every, options: options, body)
        }
    }
}

private enum PromiseCargoHooks: PromiseHookFixture {
    typealias Arguments = PromiseItem

    static func make(_ trace: PromiseTrace) -> PromiseCargoJob { PromiseCargoJob(trace) }
    static func call(_ job: PromiseCargoJob, _ input: String) -> String { job.run(PromiseItem(input)) }

    static func typed(
        _ kind: PromiseHookKind, _ scope: PromiseHookScope, _ job: PromiseCargoJob, _ options: RegistrationOptions,
        _ label: String, _ trace: PromiseTrace
    ) -> CancellationToken {
        let point = PromiseCargoJob.hooks.run
        let bodies = PromiseHookBodies<PromiseCargoJob, PromiseItem>.self
        let every = PromiseCargoJob.self
        switch kind {
        case .before:
            let body = bodies.before(label, trace)
            return scope == .instance
                ? point.before(on: job, options: options, body) : point.before(for: every, options: options, body)
        case .after:
            let body = bodies.after(label, trace)
            return scope == .instance
                ? point.after(on: job, options: options, body) : point.after(for: every, options: options, body)
        case .instead, .insteadStopping:
            let body = bodies.instead(label, trace, proceeds: kind == .instead)
            return scope == .instance
                ? point.instead(on: job, options: options, body) : point.instead(for: every, options: options, body)
        case .replaceResult:
            let body = bodies.replace(label, trace)
            return scope == .instance
                ? point.replaceResult(on: job, options: options, body)
                : point.replaceResult(for: every, options: options, body)
        }
    }
}

extension PromiseHookOwner {
    fileprivate var fixture: any PromiseHookFixture.Type {
        switch self {
        case .plain: PromisePlainHooks.self
        case .shared: PromiseSharedHooks.self
        case .sharedCargo: PromiseCargoHooks.self
        }
    }
}

/// One hook registration form: owner, position, scope and registrar.
struct PromiseHookCase: Sendable, CustomTestStringConvertible {
    let owner: PromiseHookOwner
    let kind: PromiseHookKind
    let scope: PromiseHookScope
    let registrar: PromiseRegistrar
    /// The case's name, when it stands for more than one scope or position.
    var name: String?

    var testDescription: String { name ?? "\(owner) \(kind) \(scope) \(registrar)" }

    /// Every form: 3 owners × 4 positions × 2 scopes × 2 registrars.
    static let all: [PromiseHookCase] = PromiseHookOwner.allCases.flatMap { owner in
        [PromiseHookKind.before, .after, .instead, .replaceResult].flatMap { kind in
            PromiseHookScope.allCases.flatMap { scope in
                PromiseRegistrar.allCases.map { PromiseHookCase(owner: owner, kind: kind, scope: scope, registrar: $0) }
            }
        }
    }

    /// The `instead` forms.
    static let instead = all.filter { $0.kind == .instead }

    /// One case per owner, position and registrar (the order tests mix both scopes).
    static let bothScopes = all.filter { $0.scope == .instance }.map { form in
        var form = form
        form.name = "\(form.owner) \(form.kind) both scopes \(form.registrar)"
        return form
    }

    /// One case per owner and registrar.
    static let owners = bothScopes.filter { $0.kind == .before }.map { form in
        var form = form
        form.name = "\(form.owner) \(form.registrar)"
        return form
    }
}

// MARK: - Hook points: tests

/// Type-wide hooks apply to every instance of a type, and these tests register them:
/// one test at a time.
@Suite("Promises: hook points, .once and order", .serialized)
struct OncePromiseHookTests {
    @Test(
        "P1: a .once hook runs at the first call only, and its token's cancel() then returns false",
        arguments: PromiseHookCase.all)
    func hookRunsOnce(_ form: PromiseHookCase) throws {
        try runsOnce(form.owner.fixture, form)
    }

    private func runsOnce<F: PromiseHookFixture>(_: F.Type, _ form: PromiseHookCase) throws {
        let trace = PromiseTrace()
        let job = F.make(trace)
        let witness = try F.register(form.registrar, form.kind, form.scope, job, "witness", trace)
        let once = try F.register(form.registrar, form.kind, form.scope, job, "once", trace, options: .once)
        let results = [F.call(job, "a"), F.call(job, "b")]
        switch form.kind {
        case .before:
            #expect(trace.all == ["witness", "once", "original", "witness", "original"])
            #expect(results == ["a|orig", "b|orig"])
        case .after:
            #expect(trace.all == ["original", "witness:a|orig", "once:a|orig", "original", "witness:b|orig"])
            #expect(results == ["a|orig", "b|orig"])
        case .instead, .insteadStopping:
            // The newest `instead` hook is the outermost.
            #expect(trace.all == ["once", "witness", "original", "witness", "original"])
            #expect(results == ["once(witness(a|orig))", "witness(b|orig)"])
        case .replaceResult:
            #expect(trace.all == ["original", "witness", "once", "original", "witness"])
            #expect(results == ["a|orig>witness>once", "b|orig>witness"])
        }
        #expect(!once.isCancelled)
        #expect(once.cancel() == false)
        #expect(witness.cancel())
    }

    @Test(
        "P1: a .once instead hook behind a newer one that does not proceed stays unspent until reached",
        arguments: PromiseHookCase.instead)
    func onceInsteadHookIsSpentWhenReached(_ form: PromiseHookCase) throws {
        try spentWhenReached(form.owner.fixture, form)
    }

    private func spentWhenReached<F: PromiseHookFixture>(_: F.Type, _ form: PromiseHookCase) throws {
        let trace = PromiseTrace()
        let job = F.make(trace)
        let once = try F.register(form.registrar, .instead, form.scope, job, "once", trace, options: .once)
        let blocking = try F.register(form.registrar, .insteadStopping, form.scope, job, "blocking", trace)
        #expect(F.call(job, "a") == "blocking")
        #expect(blocking.cancel())
        #expect(F.call(job, "b") == "once(b|orig)")
        #expect(F.call(job, "c") == "c|orig")
        #expect(trace.all == ["blocking", "once", "original", "original"])
        #expect(once.cancel() == false)
    }

    @Test(
        "P2: one position's hooks run in the documented order, type-wide and instance hooks interleaved",
        arguments: PromiseHookCase.bothScopes)
    func hooksRunInDocumentedOrder(_ form: PromiseHookCase) throws {
        try documentedOrder(form.owner.fixture, form)
    }

    private func documentedOrder<F: PromiseHookFixture>(_: F.Type, _ form: PromiseHookCase) throws {
        let trace = PromiseTrace()
        let job = F.make(trace)
        // Registered alternately, instance first, so that neither registration order
        // alone nor scope alone gives the documented order.
        let tokens = [
            try F.register(form.registrar, form.kind, .instance, job, "i1", trace),
            try F.register(form.registrar, form.kind, .typeWide, job, "t1", trace),
            try F.register(form.registrar, form.kind, .instance, job, "i2", trace),
            try F.register(form.registrar, form.kind, .typeWide, job, "t2", trace),
        ]
        let result = F.call(job, "x")
        switch form.kind {
        case .before:
            // Type-wide hooks, then the instance's, each in registration order.
            #expect(trace.all == ["t1", "t2", "i1", "i2", "original"])
            #expect(result == "x|orig")
        case .after:
            #expect(trace.all == ["original", "t1:x|orig", "t2:x|orig", "i1:x|orig", "i2:x|orig"])
            #expect(result == "x|orig")
        case .instead, .insteadStopping:
            // The instance's newest first, then older instance hooks, then type-wide
            // hooks from newest to oldest, then the original.
            #expect(trace.all == ["i2", "i1", "t2", "t1", "original"])
            #expect(result == "i2(i1(t2(t1(x|orig))))")
        case .replaceResult:
            // Each replacement sees what came before it; the caller gets the last.
            #expect(trace.all == ["original", "t1", "t2", "i1", "i2"])
            #expect(result == "x|orig>t1>t2>i1>i2")
        }
        for token in tokens { token.cancel() }
    }

    @Test(
        "P2: result replacements run among the after hooks, type-wide ones first, each in registration order",
        arguments: PromiseHookCase.owners)
    func replacementsRunAmongAfterHooks(_ form: PromiseHookCase) throws {
        try replacementsAmongAfterHooks(form.owner.fixture, form.registrar)
    }

    private func replacementsAmongAfterHooks<F: PromiseHookFixture>(_: F.Type, _ registrar: PromiseRegistrar) throws {
        let trace = PromiseTrace()
        let job = F.make(trace)
        let tokens = [
            try F.register(registrar, .after, .instance, job, "ia", trace),
            try F.register(registrar, .replaceResult, .typeWide, job, "tr", trace),
            try F.register(registrar, .replaceResult, .instance, job, "ir", trace),
            try F.register(registrar, .after, .typeWide, job, "ta", trace),
        ]
        #expect(F.call(job, "x") == "x|orig>tr>ir")
        #expect(trace.all == ["original", "tr", "ta:x|orig>tr", "ia:x|orig>tr", "ir"])
        for token in tokens { token.cancel() }
    }

    @Test("P2: before hooks, then the instead chain, then after hooks", arguments: PromiseHookCase.owners)
    func stagesRunInOrder(_ form: PromiseHookCase) throws {
        try stages(form.owner.fixture, form.registrar)
    }

    private func stages<F: PromiseHookFixture>(_: F.Type, _ registrar: PromiseRegistrar) throws {
        let trace = PromiseTrace()
        let job = F.make(trace)
        // Registered in the reverse of the order they run in.
        let tokens = [
            try F.register(registrar, .after, .instance, job, "after", trace),
            try F.register(registrar, .instead, .instance, job, "instead", trace),
            try F.register(registrar, .before, .instance, job, "before", trace),
        ]
        #expect(F.call(job, "x") == "instead(x|orig)")
        #expect(trace.all == ["before", "instead", "original", "after:instead(x|orig)"])
        for token in tokens { token.cancel() }
    }
}

// MARK: - Delegate proxies: fixtures

private protocol PromiseListDelegate: AnyObject {
    func title(forName name: String) -> String
    func title(forItem item: PromiseItem) -> String
    func touched(name: String)
    func touched(item: PromiseItem)
}

extension PromiseListDelegate {
    func title(forName name: String) -> String { "real" }
    func title(forItem item: PromiseItem) -> String { "real" }
    func touched(name: String) {}
    func touched(item: PromiseItem) {}
}

/// The selectors both proxies declare: `Sendable` values (`name`) and an argument that
/// is not `Sendable` (`item`), each with a result and without.
private struct PromiseListSelectors: Sendable {
    let nameTitle = MethodSelector<String, String>("title(forName:)")
    let itemTitle = MethodSelector<PromiseItem, String>("title(forItem:)")
    let nameTouched = MethodSelector<String, Void>("touched(name:)")
    let itemTouched = MethodSelector<PromiseItem, Void>("touched(item:)")
}

/// A proxy that is not `Sendable`: the region form and the `Sendable`-values form.
private final class PromiseListProxy: DelegateProxy<any PromiseListDelegate>, PromiseListDelegate,
    SelectorDeclaring
{
    typealias Selectors = PromiseListSelectors
    static let selectors = Selectors()

    func title(forName name: String) -> String {
        forward(Self.selectors.nameTitle, name, default: "default") { $0.title(forName: $1) }
    }
    func title(forItem item: PromiseItem) -> String {
        forward(Self.selectors.itemTitle, item, default: "default") { $0.title(forItem: $1) }
    }
    func touched(name: String) {
        forward(Self.selectors.nameTouched, name) { $0.touched(name: $1) }
    }
    func touched(item: PromiseItem) {
        forward(Self.selectors.itemTouched, item) { $0.touched(item: $1) }
    }
}

/// The same proxy, shared: the `Sendable`-values form and the nonisolated form.
private final class PromiseSharedListProxy: SendableDelegateProxy<any PromiseListDelegate>, PromiseListDelegate,
    SelectorDeclaring, @unchecked Sendable
{
    typealias Selectors = PromiseListSelectors
    static let selectors = Selectors()

    func title(forName name: String) -> String {
        forward(Self.selectors.nameTitle, name, default: "default") { $0.title(forName: $1) }
    }
    func title(forItem item: PromiseItem) -> String {
        forward(Self.selectors.itemTitle, item, default: "default") { $0.title(forItem: $1) }
    }
    func touched(name: String) {
        forward(Self.selectors.nameTouched, name) { $0.touched(name: $1) }
    }
    func touched(item: PromiseItem) {
        forward(Self.selectors.itemTouched, item) { $0.touched(item: $1) }
    }
}

/// The registrations of a proxy.
enum PromiseProxyKind: String, CaseIterable, Sendable {
    /// `implement` for a method with a result.
    case implement
    /// `implement` for a method that returns nothing.
    case implementVoid
    /// `instead`, proceeding.
    case instead
    case before
    case after
    case replaceResult
    /// By name only: `hook(_:at: .instead)`, for a method that returns nothing.
    case hookInstead
}

/// The proxy forms: the proxy class and the kind of values, or the name-based entry
/// points.
enum PromiseProxyForm: String, CaseIterable, Sendable {
    /// `DelegateProxy`, an argument that is not `Sendable`: the region form.
    case proxyRegion
    /// `DelegateProxy`, `Sendable` values.
    case proxySendableValues
    /// `SendableDelegateProxy`, `Sendable` values.
    case sharedSendableValues
    /// `SendableDelegateProxy`, an argument that is not `Sendable`: nonisolated.
    case sharedNonSendableValues
    /// `implement(_:)`, `hook(_:at:)` and `instead(_:)` by name, on a `DelegateProxy`.
    case proxyByName
    /// The same on a `SendableDelegateProxy`.
    case sharedByName
}

/// The closures the tests register on proxies; see ``PromiseHookBodies``.
private enum PromiseProxyBodies<Arguments> {
    static func implement(_ label: String, _ trace: PromiseTrace) -> @Sendable (Arguments) -> String {
        { arguments in
            trace.append(label)
            return "\(label):\(arguments)"
        }
    }

    static func implementVoid(_ label: String, _ trace: PromiseTrace) -> @Sendable (Arguments) -> Void {
        { arguments in trace.append("\(label):\(arguments)") }
    }

    static func instead(_ label: String, _ trace: PromiseTrace)
        -> @Sendable (inout InsteadInvocation<Arguments, String>) -> String
    {
        { invocation in
            trace.append(label)
            let inner = invocation.proceed()
            return "\(label)(\(inner))"
        }
    }

    static func before(_ label: String, _ trace: PromiseTrace) -> @Sendable (Invocation<Arguments, String>) -> Void {
        { _ in trace.append(label) }
    }

    static func after(_ label: String, _ trace: PromiseTrace) -> @Sendable (Invocation<Arguments, String>) -> Void {
        { invocation in trace.append("\(label):\(invocation.result ?? "nil")") }
    }

    static func replace(_ label: String, _ trace: PromiseTrace) -> @Sendable (Invocation<Arguments, String>) -> String {
        { invocation in
            trace.append(label)
            return "\(invocation.result ?? "nil")>\(label)"
        }
    }

    static func voidHook(_ label: String, _ trace: PromiseTrace) -> @Sendable (Invocation<Arguments, Void>) -> Void {
        { invocation in trace.append("\(label):\(invocation.arguments)") }
    }
}

/// One proxy and the registrations the tests make on it: each `case` calls the
/// overload Swift picks for that proxy and those values.
private final class PromiseProxyHarness {
    let form: PromiseProxyForm
    let proxy = PromiseListProxy()
    let shared = PromiseSharedListProxy()
    let trace = PromiseTrace()

    init(_ form: PromiseProxyForm) {
        self.form = form
    }

    /// Registers a closure of `kind` that records `label`.
    func register(_ kind: PromiseProxyKind, _ label: String, options: RegistrationOptions = []) throws
        -> CancellationToken
    {
        let trace = trace
        let name = PromiseProxyBodies<String>.self
        let item = PromiseProxyBodies<PromiseItem>.self
        let s = PromiseListProxy.selectors
        let ss = PromiseSharedListProxy.selectors
        switch (form, kind) {
        case (.proxyRegion, .implement):
            return proxy.implement(s.itemTitle, options: options, with: item.implement(label, trace))
        case (.proxyRegion, .instead):
            return proxy.instead(s.itemTitle, options: options, item.instead(label, trace))
        case (.proxyRegion, .before):
            return proxy.before(s.itemTitle, options: options, item.before(label, trace))
        case (.proxyRegion, .after):
            return proxy.after(s.itemTitle, options: options, item.after(label, trace))
        case (.proxyRegion, .replaceResult):
            return proxy.replaceResult(s.itemTitle, options: options, item.replace(label, trace))

        case (.proxySendableValues, .implement):
            return proxy.implement(s.nameTitle, options: options, with: name.implement(label, trace))
        case (.proxySendableValues, .implementVoid):
            return proxy.implement(s.nameTouched, options: options, with: name.implementVoid(label, trace))
        case (.proxySendableValues, .instead):
            return proxy.instead(s.nameTitle, options: options, name.instead(label, trace))
        case (.proxySendableValues, .before):
            return proxy.before(s.nameTitle, options: options, name.before(label, trace))
        case (.proxySendableValues, .after):
            return proxy.after(s.nameTitle, options: options, name.after(label, trace))
        case (.proxySendableValues, .replaceResult):
            return proxy.replaceResult(s.nameTitle, options: options, name.replace(label, trace))

        case (.sharedSendableValues, .implement):
            return shared.implement(ss.nameTitle, options: options, with: name.implement(label, trace))
        case (.sharedSendableValues, .implementVoid):
            return shared.implement(ss.nameTouched, options: options, with: name.implementVoid(label, trace))
        case (.sharedSendableValues, .instead):
            return shared.instead(ss.nameTitle, options: options, name.instead(label, trace))
        case (.sharedSendableValues, .before):
            return shared.before(ss.nameTitle, options: options, name.before(label, trace))
        case (.sharedSendableValues, .after):
            return shared.after(ss.nameTitle, options: options, name.after(label, trace))
        case (.sharedSendableValues, .replaceResult):
            return shared.replaceResult(ss.nameTitle, options: options, name.replace(label, trace))

        case (.sharedNonSendableValues, .implement):
            return shared.implement(ss.itemTitle, options: options, with: item.implement(label, trace))
        case (.sharedNonSendableValues, .instead):
            return shared.instead(ss.itemTitle, options: options, item.instead(label, trace))
        case (.sharedNonSendableValues, .before):
            return shared.before(ss.itemTitle, options: options, item.before(label, trace))
        case (.sharedNonSendableValues, .after):
            return shared.after(ss.itemTitle, options: options, item.after(label, trace))
        case (.sharedNonSendableValues, .replaceResult):
            return shared.replaceResult(ss.itemTitle, options: options, item.replace(label, trace))

        case (.proxyByName, _):
            return try Self.byName(proxy, kind, label, trace, options)
        case (.sharedByName, _):
            return try Self.byName(shared, kind, label, trace, options)

        default:
            Issue.record("\(form) has no \(kind) form")
            return CancellationToken.inert()
        }
    }

    private static func byName(
        _ proxy: DelegateProxyBase<any PromiseListDelegate>, _ kind: PromiseProxyKind, _ label: String,
        _ trace: PromiseTrace, _ options: RegistrationOptions
    ) throws -> CancellationToken {
        let item = PromiseProxyBodies<PromiseItem>.self
        switch kind {
        case .implement:
            return try proxy.implement("title(forItem:)", options: options, with: item.implement(label, trace))
        case .implementVoid:
            return try proxy.implement("touched(item:)", options: options, with: item.implementVoid(label, trace))
        case .instead:
            return try proxy.instead("title(forItem:)", options: options, item.instead(label, trace))
        case .before:
            return try proxy.hook("title(forItem:)", at: .before, options: options, item.before(label, trace))
        case .after:
            return try proxy.hook("title(forItem:)", at: .after, options: options, item.after(label, trace))
        case .hookInstead:
            return try proxy.hook("touched(item:)", at: .instead, options: options, item.voidHook(label, trace))
        case .replaceResult:
            Issue.record("no name-based replaceResult")
            return CancellationToken.inert()
        }
    }

    /// Sends the method with a result.
    func title(_ input: String) -> String {
        switch form {
        case .proxyRegion, .proxyByName: proxy.title(forItem: PromiseItem(input))
        case .proxySendableValues: proxy.title(forName: input)
        case .sharedSendableValues: shared.title(forName: input)
        case .sharedNonSendableValues, .sharedByName: shared.title(forItem: PromiseItem(input))
        }
    }

    /// Sends the method that returns nothing.
    func touch(_ input: String) {
        switch form {
        case .proxyRegion, .proxyByName: proxy.touched(item: PromiseItem(input))
        case .proxySendableValues: proxy.touched(name: input)
        case .sharedSendableValues: shared.touched(name: input)
        case .sharedNonSendableValues, .sharedByName: shared.touched(item: PromiseItem(input))
        }
    }
}

extension PromiseProxyForm {
    /// The registrations this form has.
    var kinds: [PromiseProxyKind] {
        switch self {
        case .proxyRegion, .sharedNonSendableValues: [.implement, .instead, .before, .after, .replaceResult]
        case .proxySendableValues, .sharedSendableValues:
            [.implement, .implementVoid, .instead, .before, .after, .replaceResult]
        case .proxyByName, .sharedByName: [.implement, .implementVoid, .instead, .before, .after, .hookInstead]
        }
    }
}

/// One proxy registration form.
struct PromiseProxyCase: Sendable, CustomTestStringConvertible {
    let form: PromiseProxyForm
    let kind: PromiseProxyKind

    var testDescription: String { "\(form) \(kind)" }

    static let all: [PromiseProxyCase] = PromiseProxyForm.allCases.flatMap { form in
        form.kinds.map { PromiseProxyCase(form: form, kind: $0) }
    }
}

// MARK: - Delegate proxies: tests

@Suite("Promises: delegate proxies, .once and order")
struct OncePromiseProxyTests {
    @Test(
        "P1: a .once closure runs for the first message only, and its token's cancel() then returns false",
        arguments: PromiseProxyCase.all)
    func proxyClosureRunsOnce(_ form: PromiseProxyCase) throws {
        let harness = PromiseProxyHarness(form.form)
        let witness = try harness.register(form.kind, "witness")
        let once = try harness.register(form.kind, "once", options: .once)
        switch form.kind {
        case .implement:
            // The newest `implement` answers alone.
            #expect([harness.title("a"), harness.title("b")] == ["once:a", "witness:b"])
            #expect(harness.trace.all == ["once", "witness"])
        case .implementVoid, .hookInstead:
            harness.touch("a")
            harness.touch("b")
            #expect(harness.trace.all == ["once:a", "witness:b"])
        case .instead:
            #expect([harness.title("a"), harness.title("b")] == ["once(witness(default))", "witness(default)"])
            #expect(harness.trace.all == ["once", "witness", "witness"])
        case .before:
            #expect([harness.title("a"), harness.title("b")] == ["default", "default"])
            #expect(harness.trace.all == ["witness", "once", "witness"])
        case .after:
            #expect([harness.title("a"), harness.title("b")] == ["default", "default"])
            #expect(harness.trace.all == ["witness:default", "once:default", "witness:default"])
        case .replaceResult:
            #expect([harness.title("a"), harness.title("b")] == ["default>witness>once", "default>witness"])
            #expect(harness.trace.all == ["witness", "once", "witness"])
        }
        #expect(!once.isCancelled)
        #expect(once.cancel() == false)
        #expect(witness.cancel())
    }

    @Test(
        "P2: before and after closures run in registration order; the newest instead or implement answers",
        arguments: PromiseProxyCase.all)
    func proxyClosuresRunInDocumentedOrder(_ form: PromiseProxyCase) throws {
        let harness = PromiseProxyHarness(form.form)
        let tokens = [
            try harness.register(form.kind, "one"),
            try harness.register(form.kind, "two"),
            try harness.register(form.kind, "three"),
        ]
        // Two messages: with every closure, and without the newest.
        func send(_ input: String) -> String {
            switch form.kind {
            case .implementVoid, .hookInstead:
                harness.touch(input)
                return "-"
            default:
                return harness.title(input)
            }
        }
        let first = send("x")
        #expect(tokens[2].cancel())
        let second = send("y")
        switch form.kind {
        case .implement:
            #expect([first, second] == ["three:x", "two:y"])
            #expect(harness.trace.all == ["three", "two"])
        case .implementVoid, .hookInstead:
            #expect(harness.trace.all == ["three:x", "two:y"])
        case .instead:
            // The newest first; each proceeds to the next older, the oldest to the default.
            #expect([first, second] == ["three(two(one(default)))", "two(one(default))"])
            #expect(harness.trace.all == ["three", "two", "one", "two", "one"])
        case .before:
            #expect([first, second] == ["default", "default"])
            #expect(harness.trace.all == ["one", "two", "three", "one", "two"])
        case .after:
            #expect([first, second] == ["default", "default"])
            #expect(
                harness.trace.all == [
                    "one:default", "two:default", "three:default", "one:default", "two:default",
                ])
        case .replaceResult:
            // Each sees what came before it; the caller gets the last one's value.
            #expect([first, second] == ["default>one>two>three", "default>one>two"])
            #expect(harness.trace.all == ["one", "two", "three", "one", "two"])
        }
        for token in tokens { token.cancel() }
    }

    @Test(
        "P2: replaceResult closures run among the after closures, in registration order",
        arguments: [
            PromiseProxyForm.proxyRegion, .proxySendableValues, .sharedSendableValues, .sharedNonSendableValues,
        ])
    func replacementsRunAmongAfterClosures(_ form: PromiseProxyForm) throws {
        let harness = PromiseProxyHarness(form)
        let tokens = [
            try harness.register(.after, "a1"),
            try harness.register(.replaceResult, "r1"),
            try harness.register(.after, "a2"),
        ]
        #expect(harness.title("x") == "default>r1")
        #expect(harness.trace.all == ["a1:default", "r1", "a2:default>r1"])
        for token in tokens { token.cancel() }
    }

    @Test("P2: before closures, then the implementation, then after closures", arguments: PromiseProxyForm.allCases)
    func stagesRunInOrder(_ form: PromiseProxyForm) throws {
        let harness = PromiseProxyHarness(form)
        // Registered in the reverse of the order they run in.
        let tokens = [
            try harness.register(.after, "after"),
            try harness.register(.instead, "instead"),
            try harness.register(.before, "before"),
        ]
        #expect(harness.title("x") == "instead(default)")
        #expect(harness.trace.all == ["before", "instead", "after:instead(default)"])
        for token in tokens { token.cancel() }
    }
}

// MARK: - Key-path observation: fixtures

/// A value that is `Sendable` but not `Equatable`.
private struct PromiseBlob: Sendable {
    var raw: Int
}

/// A value that is `Equatable` but not `Sendable`.
private final class PromiseCell: Equatable {
    let raw: Int

    init(_ raw: Int) {
        self.raw = raw
    }

    static func == (lhs: PromiseCell, rhs: PromiseCell) -> Bool { lhs.raw == rhs.raw }
}

/// An observable object that is not `Sendable`: the region forms.
private final class PromisePlainModel: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var first = 0
    @ObservableProperty var second = 0
    @ObservableProperty var blob = PromiseBlob(raw: 0)
    @ObservableProperty var otherBlob = PromiseBlob(raw: 0)
    @ObservableProperty var label = ""
}

/// A `Sendable` observable object (its properties are behind its lock), with values
/// that are `Sendable` and values that are not.
private final class PromiseSharedModel: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var first = 0
    @ObservableProperty var second = 0
    @ObservableProperty var blob = PromiseBlob(raw: 0)
    @ObservableProperty var otherBlob = PromiseBlob(raw: 0)
    @ObservableProperty var cell = PromiseCell(0)
    @ObservableProperty var otherCell = PromiseCell(0)
    @ObservableProperty var item = PromiseItem("0")
    @ObservableProperty var otherItem = PromiseItem("0")
    @ObservableProperty var label = ""
}

/// The forms of `observe`: the object, the values, and one or several key paths.
enum PromiseObservationForm: String, CaseIterable, Sendable {
    case plainOneEquatable
    case plainOneOther
    case plainSeveralEquatable
    case plainSeveralOther
    case plainSeveralMixed
    case sharedOneEquatable
    case sharedOneOther
    case sharedSeveralEquatable
    case sharedSeveralOther
    case sharedNonSendableOneEquatable
    case sharedNonSendableOneOther
    case sharedNonSendableSeveralEquatable
    case sharedNonSendableSeveralOther
    case sharedSeveralMixed

    /// Whether the form observes several key paths.
    var isSeveral: Bool { rawValue.contains("Several") }

    static let several = allCases.filter(\.isSeveral)
}

/// The `.once`, `.initial` and `.prior` options of a registration, in both option types.
private struct PromiseObserveOptions {
    var once = false
    var initial = false
    var prior = false

    var equatable: ObservationOptions {
        var options: ObservationOptions = []
        if once { options.insert(.once) }
        if initial { options.insert(.initial) }
        if prior { options.insert(.prior) }
        return options
    }

    var other: NonEquatableObservationOptions {
        NonEquatableObservationOptions(rawValue: equatable.rawValue)
    }
}

/// How a callback is recorded: its label, its kind and its key path.
private enum PromiseChange {
    static func describe<Value>(_ label: String, _ change: ObservedChange<Value>) -> String {
        let kind = change.isInitial ? "initial" : change.isPrior ? "prior" : "change"
        return "\(label) \(kind) \(name(of: change.keyPath))"
    }

    static func name(of keyPath: AnyKeyPath) -> String {
        let names: [AnyKeyPath: String] = [
            \PromisePlainModel.first: "first", \PromisePlainModel.second: "second",
            \PromisePlainModel.blob: "blob", \PromisePlainModel.otherBlob: "otherBlob",
            \PromisePlainModel.label: "label",
            \PromiseSharedModel.first: "first", \PromiseSharedModel.second: "second",
            \PromiseSharedModel.blob: "blob", \PromiseSharedModel.otherBlob: "otherBlob",
            \PromiseSharedModel.cell: "cell", \PromiseSharedModel.otherCell: "otherCell",
            \PromiseSharedModel.item: "item", \PromiseSharedModel.otherItem: "otherItem",
            \PromiseSharedModel.label: "label",
        ]
        return names[keyPath] ?? "\(keyPath)"
    }
}

/// The observed objects and the registrations the tests make on them. A form observes
/// its primary key path, and a form of several key paths its secondary one too, given
/// first (against declaration order).
private final class PromiseObservationHarness {
    let plain = PromisePlainModel()
    let shared = PromiseSharedModel()
    let trace = PromiseTrace()

    func observe(
        _ form: PromiseObservationForm, _ label: String, _ options: PromiseObserveOptions = PromiseObserveOptions()
    ) -> CancellationToken {
        let trace = trace
        let equatable = options.equatable
        let other = options.other
        switch form {
        case .plainOneEquatable:
            return plain.observe(\.first, options: equatable) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .plainOneOther:
            return plain.observe(\.blob, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .plainSeveralEquatable:
            let paths: [KeyPath<PromisePlainModel, Int>] = [\.second, \.first]
            return plain.observe(paths, options: equatable) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .plainSeveralOther:
            let paths: [KeyPath<PromisePlainModel, PromiseBlob>] = [\.otherBlob, \.blob]
            return plain.observe(paths, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .plainSeveralMixed:
            let paths: [PartialKeyPath<PromisePlainModel>] = [\.label, \.first]
            return plain.observe(paths, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedOneEquatable:
            return shared.observe(\.first, options: equatable) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedOneOther:
            return shared.observe(\.blob, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedSeveralEquatable:
            let paths: [KeyPath<PromiseSharedModel, Int>] = [\.second, \.first]
            return shared.observe(paths, options: equatable) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedSeveralOther:
            let paths: [KeyPath<PromiseSharedModel, PromiseBlob>] = [\.otherBlob, \.blob]
            return shared.observe(paths, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedNonSendableOneEquatable:
            return shared.observe(\.cell, options: equatable) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedNonSendableOneOther:
            return shared.observe(\.item, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedNonSendableSeveralEquatable:
            let paths: [KeyPath<PromiseSharedModel, PromiseCell>] = [\.otherCell, \.cell]
            return shared.observe(paths, options: equatable) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedNonSendableSeveralOther:
            let paths: [KeyPath<PromiseSharedModel, PromiseItem>] = [\.otherItem, \.item]
            return shared.observe(paths, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        case .sharedSeveralMixed:
            let paths: [PartialKeyPath<PromiseSharedModel>] = [\.label, \.first]
            return shared.observe(paths, options: other) { _, change in
                trace.append(PromiseChange.describe(label, change))
            }
        }
    }

    /// The name of the form's primary key path (`secondary`: of the other one).
    func name(_ form: PromiseObservationForm, secondary: Bool = false) -> String {
        switch form {
        case .plainOneEquatable, .sharedOneEquatable: "first"
        case .plainOneOther, .sharedOneOther: "blob"
        case .plainSeveralEquatable, .sharedSeveralEquatable: secondary ? "second" : "first"
        case .plainSeveralOther, .sharedSeveralOther: secondary ? "otherBlob" : "blob"
        case .plainSeveralMixed, .sharedSeveralMixed: secondary ? "label" : "first"
        case .sharedNonSendableOneEquatable: "cell"
        case .sharedNonSendableOneOther: "item"
        case .sharedNonSendableSeveralEquatable: secondary ? "otherCell" : "cell"
        case .sharedNonSendableSeveralOther: secondary ? "otherItem" : "item"
        }
    }

    /// Sets the form's primary key path (`secondary`: the other one) to a new value.
    func set(_ form: PromiseObservationForm, _ value: Int, secondary: Bool = false) {
        let plain = plain
        let shared = shared
        switch (form, secondary) {
        case (.plainOneEquatable, _), (.plainSeveralEquatable, false), (.plainSeveralMixed, false):
            plain.first = value
        case (.plainSeveralEquatable, true): plain.second = value
        case (.plainOneOther, _), (.plainSeveralOther, false): plain.blob = PromiseBlob(raw: value)
        case (.plainSeveralOther, true): plain.otherBlob = PromiseBlob(raw: value)
        case (.plainSeveralMixed, true): plain.label = "\(value)"
        case (.sharedOneEquatable, _), (.sharedSeveralEquatable, false), (.sharedSeveralMixed, false):
            shared.first = value
        case (.sharedSeveralEquatable, true): shared.second = value
        case (.sharedOneOther, _), (.sharedSeveralOther, false): shared.blob = PromiseBlob(raw: value)
        case (.sharedSeveralOther, true): shared.otherBlob = PromiseBlob(raw: value)
        case (.sharedSeveralMixed, true): shared.label = "\(value)"
        case (.sharedNonSendableOneEquatable, _), (.sharedNonSendableSeveralEquatable, false):
            shared.cell = PromiseCell(value)
        case (.sharedNonSendableSeveralEquatable, true): shared.otherCell = PromiseCell(value)
        case (.sharedNonSendableOneOther, _), (.sharedNonSendableSeveralOther, false):
            shared.item = PromiseItem("\(value)")
        case (.sharedNonSendableSeveralOther, true): shared.otherItem = PromiseItem("\(value)")
        }
    }
}

/// The first callback a `.once` observation gets: of a change, the initial one, or
/// the one before a change.
enum PromiseFirstCallback: String, CaseIterable, Sendable {
    case change
    case initial
    case prior
}

/// One observation form, with the kind of its first callback.
struct PromiseObservationCase: Sendable, CustomTestStringConvertible {
    let form: PromiseObservationForm
    let first: PromiseFirstCallback

    var testDescription: String { "\(form) \(first)" }

    static let all: [PromiseObservationCase] = PromiseObservationForm.allCases.flatMap { form in
        PromiseFirstCallback.allCases.map { PromiseObservationCase(form: form, first: $0) }
    }
}

// MARK: - Key-path observation: tests

@Suite("Promises: key-path observation, .once and order")
struct OncePromiseObservationTests {
    @Test(
        "P1: a .once observation ends after its first callback of any kind; its cancel() then returns false",
        arguments: PromiseObservationCase.all)
    func observationRunsOnce(_ form: PromiseObservationCase) {
        let harness = PromiseObservationHarness()
        let primary = harness.name(form.form)
        let witness = harness.observe(form.form, "witness")
        var options = PromiseObserveOptions(once: true)
        options.initial = form.first == .initial
        options.prior = form.first == .prior
        let once = harness.observe(form.form, "once", options)
        harness.set(form.form, 1)
        if form.form.isSeveral {
            // The other key path of the registration: the whole registration has ended.
            harness.set(form.form, 1, secondary: true)
        }
        harness.set(form.form, 2)
        let witnessed = ["witness change \(primary)"]
        let others = form.form.isSeveral ? ["witness change \(harness.name(form.form, secondary: true))"] : []
        switch form.first {
        case .change:
            #expect(harness.trace.all == witnessed + ["once change \(primary)"] + others + witnessed)
        case .initial:
            // The first key path given is the secondary one: its initial callback comes first.
            let first = form.form.isSeveral ? harness.name(form.form, secondary: true) : primary
            #expect(harness.trace.all == ["once initial \(first)"] + witnessed + others + witnessed)
        case .prior:
            #expect(harness.trace.all == ["once prior \(primary)"] + witnessed + others + witnessed)
        }
        #expect(!once.isCancelled)
        #expect(once.cancel() == false)
        #expect(witness.cancel())
    }

    @Test(
        "P2: the observations of a property are called in registration order",
        arguments: PromiseObservationForm.allCases)
    func observationsRunInRegistrationOrder(_ form: PromiseObservationForm) {
        let harness = PromiseObservationHarness()
        let primary = harness.name(form)
        let tokens = [
            harness.observe(form, "one"),
            harness.observe(form, "two"),
            harness.observe(form, "three"),
        ]
        harness.set(form, 1)
        #expect(tokens[1].cancel())
        harness.set(form, 2)
        #expect(
            harness.trace.all == [
                "one change \(primary)", "two change \(primary)", "three change \(primary)",
                "one change \(primary)", "three change \(primary)",
            ])
        for token in tokens { token.cancel() }
    }

    @Test(
        "P2: with .initial, an observation of several key paths runs once per key path, in the order given",
        arguments: PromiseObservationForm.several)
    func initialCallbacksRunInKeyPathOrder(_ form: PromiseObservationForm) {
        let harness = PromiseObservationHarness()
        let token = harness.observe(form, "one", PromiseObserveOptions(initial: true))
        let secondary = harness.name(form, secondary: true)
        #expect(harness.trace.all == ["one initial \(secondary)", "one initial \(harness.name(form))"])
        #expect(token.cancel())
    }
}

// MARK: - The forms that warn: a closure value that is not @Sendable on a Sendable owner

/// The deprecated forms Swift picks for a closure *value* that is not `@Sendable`
/// (here: a method of a class that is not `Sendable`) on a `Sendable` owner. From
/// nonisolated code they stop the program at the registration; from an actor the
/// closure is that actor's code, so these tests run on the main actor.
enum PromiseUnsharedForm: String, CaseIterable, Sendable {
    /// `EventControl.addHandler` on a `Sendable` control.
    case control
    /// `HookPoint.before(on:)` on a `Sendable` instance.
    case hookBefore
    case hookAfter
    case hookInstead
    case hookReplaceResult
    /// `observe` of one key path of an `Equatable` value.
    case observeOneEquatable
    /// `observe` of one key path of a value that is not `Equatable`.
    case observeOneOther
    /// `observe` of several key paths of an `Equatable` type.
    case observeSeveralEquatable
    /// `observe` of several key paths of a type that is not `Equatable`.
    case observeSeveralOther
    /// `observe` of key paths of different types.
    case observeSeveralMixed
}

/// A `Sendable` hookable type of its own, so that the type-wide hooks of the other
/// suites never reach its instances.
private final class PromiseUnsharedJob: Hookable, Sendable {
    struct Hooks {
        let run = HookPoint<PromiseUnsharedJob, String, String>("run(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    let trace: PromiseTrace

    init(_ trace: PromiseTrace) {
        self.trace = trace
    }

    func run(_ input: String) -> String {
        Self.hooks.run.call(self, input) { job, input in
            job.trace.append("original")
            return input + "|orig"
        }
    }
}

/// One `Sendable` owner of each kind, and what triggers their closures.
private struct PromiseUnsharedOwners: Sendable {
    let trace = PromiseTrace()
    let control = ControlTestButton()
    let model = PromiseSharedModel()
    let job: PromiseUnsharedJob

    init() {
        job = PromiseUnsharedJob(trace)
    }

    /// The name of the key path a set of `form` changes.
    func name(_ form: PromiseUnsharedForm) -> String {
        switch form {
        case .observeOneOther, .observeSeveralOther: "blob"
        default: "first"
        }
    }

    /// Sends, calls or sets once; returns the call's result for a hook.
    func trigger(_ form: PromiseUnsharedForm, _ input: String) -> String? {
        switch form {
        case .control:
            control.sendEvents(.valueChanged)
        case .hookBefore, .hookAfter, .hookInstead, .hookReplaceResult:
            return job.run(input)
        case .observeOneEquatable, .observeSeveralEquatable, .observeSeveralMixed:
            model.first += 1
        case .observeOneOther, .observeSeveralOther:
            model.blob = PromiseBlob(raw: model.blob.raw + 1)
        }
        return nil
    }
}

/// Closures that are not `@Sendable`: the methods of an object that is not.
private final class PromiseUnsharedRecorder {
    let label: String
    let trace: PromiseTrace

    init(_ label: String, _ trace: PromiseTrace) {
        self.label = label
        self.trace = trace
    }

    func handle(_ control: ControlTestButton) { trace.append(label) }

    func before(_ job: PromiseUnsharedJob, _ invocation: Invocation<String, String>) { trace.append(label) }

    func after(_ job: PromiseUnsharedJob, _ invocation: Invocation<String, String>) {
        trace.append("\(label):\(invocation.result ?? "nil")")
    }

    func instead(_ job: PromiseUnsharedJob, _ invocation: inout InsteadInvocation<String, String>) -> String {
        trace.append(label)
        let inner = invocation.proceed()
        return "\(label)(\(inner))"
    }

    func replace(_ job: PromiseUnsharedJob, _ invocation: Invocation<String, String>) -> String {
        trace.append(label)
        return "\(invocation.result ?? "nil")>\(label)"
    }

    func number(_ model: PromiseSharedModel, _ change: ObservedChange<Int>) {
        trace.append(PromiseChange.describe(label, change))
    }

    func blob(_ model: PromiseSharedModel, _ change: ObservedChange<PromiseBlob>) {
        trace.append(PromiseChange.describe(label, change))
    }

    func any(_ model: PromiseSharedModel, _ change: ObservedChange<Any>) {
        trace.append(PromiseChange.describe(label, change))
    }
}

/// Reaches the forms that warn through a requirement: a deprecated witness called
/// through its requirement does not warn (the CI build turns warnings into errors).
private protocol PromiseUnsharedRegistering {
    func register(
        _ form: PromiseUnsharedForm, on owners: PromiseUnsharedOwners, _ recorder: PromiseUnsharedRecorder,
        once: Bool, isolation: isolated (any Actor)?
    ) -> CancellationToken
}

private struct PromiseUnsharedRegistrations: PromiseUnsharedRegistering {
    @available(*, deprecated, message: "registers in the forms that warn")
    func register(
        _ form: PromiseUnsharedForm, on owners: PromiseUnsharedOwners, _ recorder: PromiseUnsharedRecorder,
        once: Bool, isolation: isolated (any Actor)?
    ) -> CancellationToken {
        let options: RegistrationOptions = once ? .once : []
        let equatable: ObservationOptions = once ? .once : []
        let other: NonEquatableObservationOptions = once ? .once : []
        let run = PromiseUnsharedJob.hooks.run
        let job = owners.job
        let model = owners.model
        switch form {
        case .control:
            return owners.control.addHandler(for: .valueChanged, options: options, recorder.handle)
        case .hookBefore:
            return run.before(on: job, options: options, recorder.before)
        case .hookAfter:
            return run.after(on: job, options: options, recorder.after)
        case .hookInstead:
            return run.instead(on: job, options: options, recorder.instead)
        case .hookReplaceResult:
            return run.replaceResult(on: job, options: options, recorder.replace)
        case .observeOneEquatable:
            return model.observe(\.first, options: equatable, recorder.number)
        case .observeOneOther:
            return model.observe(\.blob, options: other, recorder.blob)
        case .observeSeveralEquatable:
            let paths: [KeyPath<PromiseSharedModel, Int>] = [\.second, \.first]
            return model.observe(paths, options: equatable, recorder.number)
        case .observeSeveralOther:
            let paths: [KeyPath<PromiseSharedModel, PromiseBlob>] = [\.otherBlob, \.blob]
            return model.observe(paths, options: other, recorder.blob)
        case .observeSeveralMixed:
            let paths: [PartialKeyPath<PromiseSharedModel>] = [\.label, \.first]
            return model.observe(paths, options: other, recorder.any)
        }
    }
}

@Suite("Promises: closure values that are not @Sendable on a Sendable owner, .once and order")
@MainActor
struct OncePromiseUnsharedTests {
    private let registering: any PromiseUnsharedRegistering = PromiseUnsharedRegistrations()

    private func register(
        _ form: PromiseUnsharedForm, on owners: PromiseUnsharedOwners, _ label: String, once: Bool = false
    ) -> CancellationToken {
        let recorder = PromiseUnsharedRecorder(label, owners.trace)
        return registering.register(form, on: owners, recorder, once: once, isolation: MainActor.shared)
    }

    @Test(
        "P1: a .once closure of a form that warns runs once, and its token's cancel() then returns false",
        arguments: PromiseUnsharedForm.allCases)
    func unsharedClosureRunsOnce(_ form: PromiseUnsharedForm) {
        let owners = PromiseUnsharedOwners()
        let witness = register(form, on: owners, "witness")
        let once = register(form, on: owners, "once", once: true)
        let results = [owners.trigger(form, "a"), owners.trigger(form, "b")]
        let changed = "change \(owners.name(form))"
        switch form {
        case .control:
            #expect(owners.trace.all == ["witness", "once", "witness"])
        case .hookBefore:
            #expect(owners.trace.all == ["witness", "once", "original", "witness", "original"])
            #expect(results == ["a|orig", "b|orig"])
        case .hookAfter:
            #expect(owners.trace.all == ["original", "witness:a|orig", "once:a|orig", "original", "witness:b|orig"])
            #expect(results == ["a|orig", "b|orig"])
        case .hookInstead:
            #expect(owners.trace.all == ["once", "witness", "original", "witness", "original"])
            #expect(results == ["once(witness(a|orig))", "witness(b|orig)"])
        case .hookReplaceResult:
            #expect(owners.trace.all == ["original", "witness", "once", "original", "witness"])
            #expect(results == ["a|orig>witness>once", "b|orig>witness"])
        case .observeOneEquatable, .observeOneOther, .observeSeveralEquatable, .observeSeveralOther,
            .observeSeveralMixed:
            #expect(owners.trace.all == ["witness \(changed)", "once \(changed)", "witness \(changed)"])
        }
        #expect(!once.isCancelled)
        #expect(once.cancel() == false)
        #expect(witness.cancel())
    }

    @Test(
        "P2: the closures of a form that warns run in the documented order",
        arguments: PromiseUnsharedForm.allCases)
    func unsharedClosuresRunInDocumentedOrder(_ form: PromiseUnsharedForm) {
        let owners = PromiseUnsharedOwners()
        let tokens = [
            register(form, on: owners, "one"),
            register(form, on: owners, "two"),
            register(form, on: owners, "three"),
        ]
        let result = owners.trigger(form, "x")
        let changed = "change \(owners.name(form))"
        switch form {
        case .control:
            #expect(owners.trace.all == ["one", "two", "three"])
        case .hookBefore:
            #expect(owners.trace.all == ["one", "two", "three", "original"])
            #expect(result == "x|orig")
        case .hookAfter:
            #expect(owners.trace.all == ["original", "one:x|orig", "two:x|orig", "three:x|orig"])
            #expect(result == "x|orig")
        case .hookInstead:
            #expect(owners.trace.all == ["three", "two", "one", "original"])
            #expect(result == "three(two(one(x|orig)))")
        case .hookReplaceResult:
            #expect(owners.trace.all == ["original", "one", "two", "three"])
            #expect(result == "x|orig>one>two>three")
        case .observeOneEquatable, .observeOneOther, .observeSeveralEquatable, .observeSeveralOther,
            .observeSeveralMixed:
            #expect(owners.trace.all == ["one \(changed)", "two \(changed)", "three \(changed)"])
        }
        for token in tokens { token.cancel() }
    }
}
