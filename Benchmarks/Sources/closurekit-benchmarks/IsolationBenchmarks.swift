import ClosureKit
import Foundation

// Isolation: what a handler registered from the main actor costs when its
// event is sent on the main thread (it then runs synchronously, after a
// thread-id compare and an atomic load), against the same handler
// registered from nonisolated code (stored as it is, no wrapper). One row a
// capability: control events (a send reaching one handler), key-path
// observation (a write with one observer), a delegate proxy's `implement`
// and `after` closures (one message), and a hook point's `after` hook (one
// call).
//
// Both sides use the same types, the same number of registrations and the
// same work in the closure (one increment of a class's stored property); only
// the isolation of the code that registers differs. The main-actor side is
// registered by `@MainActor` functions and touches main-actor state (so the
// compiler, not a convention, says it is a main-actor closure); the
// nonisolated side is registered by nonisolated functions, where `#isolation`
// is nil. The benchmark's top-level code runs on the main thread, so every
// send below is on the main thread, as a UI event is.

// MARK: - The user's types, as an app would write them: no Sendable

/// Main-actor state, as a view model holds it.
@MainActor
private final class MainActorModel {
    var count = 0
}

/// The nonisolated side's state. A nonisolated registration's closure is
/// `@Sendable`; the benchmark sends from one thread only, so the counter
/// needs no lock (the same plain increment as the main-actor side).
private final class Tally: @unchecked Sendable {
    var count = 0
}

private final class IsolationButton: EventControl, @unchecked Sendable {
    let controlEventStorage = ControlEventStorage()
}

private final class IsolationModel: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var value = 0
}

private protocol StepDelegate: AnyObject {
    func stepper(_ stepper: Stepper, didStep count: Int)
}

private final class Stepper {}

private final class StepProxy: DelegateProxy<any StepDelegate>, StepDelegate, SelectorDeclaring {
    struct Selectors {
        let didStep = MethodSelector<(Stepper, Int), Void>("stepper(_:didStep:)")
    }
    static let selectors = Selectors()

    func stepper(_ stepper: Stepper, didStep count: Int) {
        forward(Self.selectors.didStep, (stepper, count)) { $0.stepper($1.0, didStep: $1.1) }
    }
}

/// The real delegate behind the `after` rows: adds the count.
private final class StepCounter: StepDelegate {
    var total = 0
    func stepper(_ stepper: Stepper, didStep count: Int) { total &+= count }
}

/// A delegating object with a weak delegate, as frameworks have.
private final class StepHolder {
    weak var delegate: (any StepDelegate)?
}

private final class Walker: Hookable {
    struct Hooks {
        let step = HookPoint<Walker, Int, Int>("step(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    var total = 0

    @inline(never)
    func step(_ amount: Int) -> Int {
        Self.hooks.step.call(self, amount) { walker, amount in
            walker.total &+= amount
            return walker.total
        }
    }
}

// MARK: - Registration, from each side

/// The objects one side registers on, each with its registrations.
private struct Subjects {
    let button = IsolationButton()
    let model = IsolationModel()
    let stepper = Stepper()
    let implementHolder = StepHolder()
    let implementProxy: StepProxy
    let afterHolder = StepHolder()
    let afterProxy: StepProxy
    let realDelegate = StepCounter()
    let walker = Walker()
    var tokens: [CancellationToken] = []

    init() {
        implementProxy = StepProxy.proxy(for: implementHolder, delegate: \.delegate)
        afterHolder.delegate = realDelegate
        afterProxy = StepProxy.proxy(for: afterHolder, delegate: \.delegate)
    }
}

/// Registers every closure from nonisolated code: `#isolation` is nil here.
private func registerNonisolated(on subjects: inout Subjects, _ tally: Tally) {
    // A realistic control: another event has a handler too.
    subjects.tokens.append(subjects.button.addHandler(for: .valueChanged) { _ in tally.count &+= 1 })
    subjects.tokens.append(subjects.button.addHandler(for: .touchUpInside) { _ in tally.count &+= 1 })
    subjects.tokens.append(
        subjects.model.observe(\.value, options: [.old, .new]) { _, change in tally.count &+= change.newValue! })
    subjects.tokens.append(
        subjects.implementProxy.implement(StepProxy.selectors.didStep) { _, count in tally.count &+= count })
    subjects.tokens.append(subjects.afterProxy.after(StepProxy.selectors.didStep) { invocation in tally.count &+= 1 })
    subjects.tokens.append(
        Walker.hooks.step.after(on: subjects.walker) { _, invocation in tally.count &+= invocation.result! })
}

/// Registers the same closures from the main actor; they touch main-actor state.
@MainActor
private func registerOnMainActor(on subjects: inout Subjects, _ model: MainActorModel) {
    subjects.tokens.append(subjects.button.addHandler(for: .valueChanged) { _ in model.count &+= 1 })
    subjects.tokens.append(subjects.button.addHandler(for: .touchUpInside) { _ in model.count &+= 1 })
    subjects.tokens.append(
        subjects.model.observe(\.value, options: [.old, .new]) { _, change in model.count &+= change.newValue! })
    subjects.tokens.append(
        subjects.implementProxy.implement(StepProxy.selectors.didStep) { _, count in model.count &+= count })
    subjects.tokens.append(subjects.afterProxy.after(StepProxy.selectors.didStep) { invocation in model.count &+= 1 })
    subjects.tokens.append(
        Walker.hooks.step.after(on: subjects.walker) { _, invocation in model.count &+= invocation.result! })
}

// MARK: - Cases

/// One operation of each capability, on one side's subjects.
private struct Operations {
    let sendEvent: (Int) -> Void
    let write: (Int) -> Void
    let implementMessage: (Int) -> Void
    let afterMessage: (Int) -> Void
    let hookedCall: (Int) -> Void

    init(_ subjects: Subjects) {
        let button = subjects.button
        let model = subjects.model
        let stepper = subjects.stepper
        let implementProxy: any StepDelegate = subjects.implementProxy
        let afterProxy: any StepDelegate = subjects.afterProxy
        let walker = subjects.walker
        // Every case keeps every registration (and the weakly held objects)
        // alive: the callgrind driver keeps only the case it runs.
        let keep = (subjects.tokens, subjects.implementHolder, subjects.afterHolder, subjects.realDelegate)
        sendEvent = { n in
            let button = opaque(button)
            for _ in 0..<n { button.sendEvents(.touchUpInside) }
            blackHole(keep)
        }
        write = { n in
            let model = opaque(model)
            for index in 0..<n { model.value = index }
            blackHole(keep)
        }
        func send(_ delegate: any StepDelegate) -> (Int) -> Void {
            { n in
                let delegate = opaque(delegate)
                for index in 0..<n { delegate.stepper(stepper, didStep: index) }
                blackHole(keep)
            }
        }
        implementMessage = send(implementProxy)
        afterMessage = send(afterProxy)
        hookedCall = { n in
            let walker = opaque(walker)
            for index in 0..<n { blackHole(walker.step(index)) }
            blackHole(keep)
        }
    }

    /// The cases in a fixed order, with the names the callgrind driver uses.
    func named(_ prefix: String) -> [(name: String, body: (Int) -> Void)] {
        [
            (prefix + "control-events.send-1", sendEvent),
            (prefix + "observation.write-1", write),
            (prefix + "proxy.implement", implementMessage),
            (prefix + "proxy.after", afterMessage),
            (prefix + "hooks.instance-after", hookedCall),
        ]
    }
}

/// Both sides, each registered as its name says and checked to run
/// synchronously on the main thread.
@MainActor
private func makeSides() -> (mainActor: Operations, nonisolated: Operations, checks: () -> Void) {
    let model = MainActorModel()
    var mainActorSubjects = Subjects()
    registerOnMainActor(on: &mainActorSubjects, model)
    let tally = Tally()
    var nonisolatedSubjects = Subjects()
    registerNonisolated(on: &nonisolatedSubjects, tally)
    let mainActor = Operations(mainActorSubjects)
    let nonisolated = Operations(nonisolatedSubjects)

    // One operation each: every main-actor closure must have run before the
    // send returned (enqueued, it would not have run yet: nothing here awaits).
    for operation in mainActor.named("") {
        let before = model.count
        operation.body(2)
        precondition(model.count != before, "\(operation.name): the main-actor closure did not run synchronously")
    }
    for operation in nonisolated.named("") {
        let before = tally.count
        operation.body(2)
        precondition(tally.count != before, "\(operation.name): the nonisolated closure did not run")
    }
    return (
        mainActor, nonisolated,
        {
            blackHole(model.count)
            blackHole(tally.count)
        }
    )
}

/// The callgrind driver's cases: each main-actor case beside its
/// nonisolated peer (`main-actor.X` against `main-actor.peer.X`).
@MainActor
func mainActorCases() -> [(name: String, body: (Int) -> Void)] {
    let sides = makeSides()
    return sides.mainActor.named("main-actor.") + sides.nonisolated.named("main-actor.peer.")
}

@MainActor
private func isolationRows() -> [Row] {
    let capability = "isolation"
    let sides = makeSides()
    let pairs = zip(sides.mainActor.named(""), sides.nonisolated.named(""))
    let labels = [
        "control events: send, 1 handler",
        "observation: write, 1 observer",
        "delegate proxy: implement, 1 message",
        "delegate proxy: after, 1 message",
        "hook points: instance after hook, 1 call",
    ]
    let n = 100_000
    var rows: [Row] = []
    for ((mainActor, nonisolated), label) in zip(pairs, labels) {
        // Each pair in a run of its own, in turns, so that the two sides of a
        // row are measured under the same machine speed.
        let results = interleave([(n, mainActor.body), (n, nonisolated.body)])
        rows.append(
            Row(
                capability: capability, name: "\(label), main-actor handler, sent on the main thread",
                metric: "ns/op", ours: results[0], peer: "the same handler registered from nonisolated code",
                peerValue: results[1], target: .atMost(1.2)))
    }
    sides.checks()
    rows += isolationMemoryRows(capability: capability)
    return rows
}

// MARK: - Memory

/// Registers `count` closures from the main actor (they touch main-actor
/// state) and returns what keeps them alive.
@MainActor
private func mainActorRegistrations(_ count: Int, delays: Bool) -> AnyObject {
    let model = MainActorModel()
    let button = IsolationButton()
    let tokens = (0..<count).map { _ in
        delays
            ? DelayScheduler.shared.schedule(after: .seconds(3600), on: .inline) { model.count &+= 1 }
            : button.addHandler(for: .valueChanged) { _ in model.count &+= 1 }
    }
    return Kept((model, button, tokens))
}

/// The same registrations from nonisolated code.
private func nonisolatedRegistrations(_ count: Int, delays: Bool) -> AnyObject {
    let tally = Tally()
    let button = IsolationButton()
    let tokens = (0..<count).map { _ in
        delays
            ? DelayScheduler.shared.schedule(after: .seconds(3600), on: .inline) { tally.count &+= 1 }
            : button.addHandler(for: .valueChanged) { _ in tally.count &+= 1 }
    }
    return Kept((tally, button, tokens))
}

/// Ends the tokens a registration case kept (so that pending delays leave
/// the timer's heap).
private func cancelAll(_ kept: AnyObject) {
    if let kept = kept as? Kept<(MainActorModel, IsolationButton, [CancellationToken])> {
        kept.value.2.forEach { $0.cancel() }
    }
    if let kept = kept as? Kept<(Tally, IsolationButton, [CancellationToken])> {
        kept.value.2.forEach { $0.cancel() }
    }
}

/// A control whose main-actor handler receives events sent from a
/// background thread: they wait for the main actor, which this synchronous
/// benchmark code does not give up while it measures.
private final class WaitingSender: @unchecked Sendable {
    let button = IsolationButton()

    /// Sends `count` events from a background thread and returns once all
    /// were sent.
    func sendFromBackground(_ count: Int) {
        let done = DispatchSemaphore(value: 0)
        let button = self.button
        Thread.detachNewThread {
            for _ in 0..<count { button.sendEvents(.valueChanged) }
            done.signal()
        }
        done.wait()
    }
}

/// Memory per registration, from the main actor against nonisolated code
/// (the target: at most twice), and per event that waits for the main actor,
/// beside a block waiting on the main queue.
@MainActor
private func isolationMemoryRows(capability: String) -> [Row] {
    let count = 10_000
    var rows: [Row] = []
    for (label, delays) in [("delay (10,000 pending)", true), ("control handler (10,000 live)", false)] {
        var made: [AnyObject] = []
        let memory = bytesPerLiveItem(
            count: count, rounds: 5,
            [
                { count in
                    let kept = mainActorRegistrations(count, delays: delays)
                    made.append(kept)
                    return kept
                },
                { count in
                    let kept = nonisolatedRegistrations(count, delays: delays)
                    made.append(kept)
                    return kept
                },
            ])
        made.forEach(cancelAll)
        rows.append(
            Row(
                capability: capability, name: "memory per \(label), registered from the main actor",
                metric: "bytes", ours: memory[0], peer: "the same registration from nonisolated code",
                peerValue: memory[1], target: .atMost(2.0)))
    }

    let model = MainActorModel()
    let waiting = bytesPerLiveItem(
        count: count, rounds: 5,
        [
            { count in
                let sender = WaitingSender()
                let token = sender.button.addHandler(for: .valueChanged) { _ in model.count &+= 1 }
                sender.sendFromBackground(count)
                return Kept((sender, token))
            },
            { count in
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    for _ in 0..<count { DispatchQueue.main.async { MainActor.assumeIsolated { model.count &+= 1 } } }
                    done.signal()
                }
                done.wait()
                return Kept(done)
            },
        ])
    rows.append(
        Row(
            capability: capability, name: "memory per event waiting for the main actor (10,000 waiting)",
            metric: "bytes", ours: waiting[0], peer: "DispatchQueue.main.async block, waiting",
            peerValue: waiting[1], target: nil))
    return rows
}

let isolationSuite = Suite(capability: "isolation") {
    // The suites run from the benchmark's top-level code, on the main thread
    // (the main actor's), so this holds; the rows are registered and sent there.
    MainActor.assumeIsolated { isolationRows() }
}
