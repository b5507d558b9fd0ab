import Dispatch
import Observation
import Testing

@testable import ClosureKit

/// Something a handler captures, whose release the tests watch.
private final class Captured: @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Registers a handler that captures a fresh object, and returns the token
/// with a weak reference to the captured object.
private func capturing(
    _ register: (Captured) -> CancellationToken
) -> (CancellationToken, WeakCapture) {
    let captured = Captured("capture")
    let token = register(captured)
    return (token, WeakCapture(captured))
}

private struct WeakCapture {
    weak var object: Captured?
    init(_ object: Captured) { self.object = object }
}

/// A hookable type of this suite's own: its type-wide hooks never reach the
/// hook-point suites' `Recorder`, whose tests count every hook that runs.
private final class Stepper: Hookable, @unchecked Sendable {
    struct Hooks {
        let step = HookPoint<Stepper, Int, Int>("step(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func step(_ amount: Int) -> Int {
        Self.hooks.step.call(self, amount) { _, amount in amount }
    }
}

/// Every capability releases a handler, and everything it captured, when its
/// token is cancelled while the token is still held, and when the owner ends:
/// one rule of the one handler engine.
@Suite("Handlers: captures are released at cancel and at the owner's end")
struct CaptureReleaseTests {
    /// Checks the cancel half of the rule for one registration: registered,
    /// the capture is alive; cancelled with the token still held, it is gone.
    ///
    /// `fire`, run between the registration and the cancel, makes the handler
    /// run first: what a dispatch keeps of it (a snapshot, a cached read)
    /// must not outlive the cancel either.
    private func expectReleasedAtCancel(
        _ capability: Comment,
        sourceLocation: SourceLocation = #_sourceLocation,
        fire: () -> Void = {},
        _ register: (Captured) -> CancellationToken
    ) {
        let (token, weak) = capturing(register)
        #expect(
            weak.object != nil, "\(capability): the registered handler keeps its capture",
            sourceLocation: sourceLocation)
        fire()
        #expect(token.cancel(), sourceLocation: sourceLocation)
        #expect(weak.object == nil, "\(capability): cancel releases the capture", sourceLocation: sourceLocation)
        withExtendedLifetime(token) {}
    }

    @Test("a handler list releases a handler at cancel and when the list ends")
    func handlerList() {
        let list = HandlerList<@Sendable () -> Void>()
        expectReleasedAtCancel("HandlerList") { captured in list.add { _ = captured.name } }
        var owned: HandlerList<@Sendable () -> Void>? = HandlerList()
        let (token, weak) = capturing { captured in owned!.add { _ = captured.name } }
        #expect(weak.object != nil)
        owned = nil
        #expect(weak.object == nil)
        #expect(token.cancel() == false)
    }

    @Test("a proxy releases before, instead and after closures at cancel and when the proxy ends")
    func proxies() {
        let proxy = TransferProxy()
        expectReleasedAtCancel("proxy before") { captured in
            proxy.before(TransferProxy.selectors.didProgress) { _ in _ = captured.name }
        }
        expectReleasedAtCancel("proxy implement") { captured in
            proxy.implement(TransferProxy.selectors.title) { _ in captured.name }
        }
        expectReleasedAtCancel("proxy instead") { captured in
            proxy.instead(TransferProxy.selectors.title) { invocation in captured.name + invocation.proceed() }
        }
        expectReleasedAtCancel("proxy after") { captured in
            proxy.after(TransferProxy.selectors.shouldStart) { _ in _ = captured.name }
        }
        var owned: TransferProxy? = TransferProxy()
        let (token, weak) = capturing { captured in
            owned!.implement(TransferProxy.selectors.title) { _ in captured.name }
        }
        #expect(weak.object != nil)
        owned = nil
        #expect(weak.object == nil)
        #expect(token.cancel() == false)
    }

    @Test("a hook point releases type-wide and instance hooks at cancel, and instance hooks when the instance ends")
    func hookPoints() {
        let stepper = Stepper()
        expectReleasedAtCancel("type-wide before hook") { captured in
            Stepper.hooks.step.before { _, _ in _ = captured.name }
        }
        expectReleasedAtCancel("instance instead hook") { captured in
            Stepper.hooks.step.instead(on: stepper) { _, invocation in invocation.proceed() + captured.name.count }
        }
        expectReleasedAtCancel("instance before hook after a call", fire: { _ = stepper.step(1) }) { captured in
            Stepper.hooks.step.before(on: stepper) { _, _ in _ = captured.name }
        }
        var owner: Stepper? = Stepper()
        let (token, weak) = capturing { captured in
            Stepper.hooks.step.after(on: owner!) { _, _ in _ = captured.name }
        }
        #expect(weak.object != nil)
        owner = nil
        // Instance hooks live in the instance's hook storage: they end with it.
        #expect(weak.object == nil)
        #expect(token.cancel() == false)
        #expect(stepper.step(2) == 2)
    }

    @Test("an observation releases its handler at cancel, for a property and a nested path, and when the object ends")
    func observation() {
        let person = ObservedPerson(name: "Ada", city: "London")
        expectReleasedAtCancel("direct observation") { captured in
            person.observe(\.name) { _, _ in _ = captured.name }
        }
        expectReleasedAtCancel("nested path observation") { captured in
            person.observe(\.address.city) { _, _ in _ = captured.name }
        }
        expectReleasedAtCancel("direct observation after a set", fire: { person.name = "Cy" }) { captured in
            person.observe(\.name) { _, _ in _ = captured.name }
        }
        expectReleasedAtCancel("nested path observation after a set", fire: { person.address.city = "Rome" }) {
            captured in person.observe(\.address.city) { _, _ in _ = captured.name }
        }
        var owner: ObservedPerson? = ObservedPerson(name: "Bo", city: "Oslo")
        let (token, weak) = capturing { captured in owner!.observe(\.name) { _, _ in _ = captured.name } }
        let (pathToken, pathWeak) = capturing { captured in
            owner!.observe(\.address.city) { _, _ in _ = captured.name }
        }
        #expect(weak.object != nil && pathWeak.object != nil)
        owner = nil
        #expect(weak.object == nil)
        #expect(pathWeak.object == nil)
        #expect(token.cancel() == false)
        #expect(pathToken.cancel() == false)
    }

    @Test("a control releases a handler at cancel and when the control ends")
    func controlEvents() {
        let button = ControlTestButton()
        expectReleasedAtCancel("control handler") { captured in
            button.addHandler(for: .touchUpInside) { _ in _ = captured.name }
        }
        var owner: ControlTestButton? = ControlTestButton()
        let (token, weak) = capturing { captured in owner!.addHandler(for: .valueChanged) { _ in _ = captured.name } }
        #expect(weak.object != nil)
        owner = nil
        #expect(weak.object == nil)
        #expect(token.cancel() == false)
    }

    @Test("an end-of-life callback is released at cancel, and after it ran when the object ends")
    func endOfLife() {
        let kept = Recorder("kept", log: Probe())
        expectReleasedAtCancel("onEnd") { captured in
            ObjectLifetime.onEnd(of: kept) { _ = captured.name }
        }
        var owner: Recorder? = Recorder("ending", log: Probe())
        let ran = Probe()
        let (token, weak) = capturing { captured in
            ObjectLifetime.onEnd(of: owner!) { ran.record(captured.name) }
        }
        #expect(weak.object != nil)
        owner = nil
        releaseEndedObjects()
        #expect(ran.events == ["capture"])
        #expect(weak.object == nil)
        withExtendedLifetime((kept, token)) {}
    }

    @Test("the @Observable bridge releases its handler at cancel, with the registration still held")
    func observableBridge() {
        let model = CaptureModel()
        expectReleasedAtCancel("onChange(of:on:)") { captured in
            model.onChange(of: \.value, on: DispatchQueue.global()) { _, _ in _ = captured.name }
        }
    }

    @Test("a registration made on the main actor releases its closure at cancel too")
    @MainActor
    func isolatedRegistrations() {
        let control = CaptureControl()
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        let model = CaptureModel()
        for register: (Captured) -> CancellationToken in [
            { captured in control.addHandler(for: .valueChanged) { _ in _ = captured.name } },
            { captured in scheduler.schedule(after: .seconds(60), on: .inline) { _ = captured.name } },
            { captured in model.onChange(of: \.value, on: .main) { _, _ in _ = captured.name } },
        ] {
            let (token, weak) = capturing(register)
            #expect(weak.object != nil)
            #expect(token.cancel())
            #expect(weak.object == nil, "cancel releases what a main-actor closure captured")
            withExtendedLifetime(token) {}
        }
    }

    @Test("a delay releases its closure at cancel, long before its deadline, and after it ran")
    func delays() {
        let clock = ManualClock()
        let scheduler = DelayScheduler(clock: clock)
        expectReleasedAtCancel("schedule(after:on:)") { captured in
            scheduler.schedule(after: .seconds(3600), on: .inline) { _ = captured.name }
        }
        expectReleasedAtCancel("scheduleRepeating(every:on:)") { captured in
            (try? scheduler.scheduleRepeating(every: .seconds(1), on: .inline) { _ = captured.name }) ?? .inert()
        }
        let owner = CaptureOwner()
        expectReleasedAtCancel("schedule(after:boundTo:on:)") { captured in
            scheduler.schedule(after: .seconds(5), boundTo: owner, on: .inline) { _ in _ = captured.name }
        }
        let (token, weak) = capturing { captured in
            scheduler.schedule(after: .seconds(1), on: .inline) { _ = captured.name }
        }
        #expect(weak.object != nil)
        clock.advance(by: .seconds(1))
        #expect(weak.object == nil, "a delay that ran releases its closure")
        #expect(token.cancel() == false)
    }
}

@Observable
private final class CaptureModel: @unchecked Sendable {
    var value = 0
}

private final class CaptureOwner: Sendable {}

private final class CaptureControl: EventControl {
    let controlEventStorage = ControlEventStorage()
}
