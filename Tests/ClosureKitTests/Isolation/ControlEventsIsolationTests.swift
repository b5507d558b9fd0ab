import Dispatch
import Testing

@testable import ClosureKit

@Suite("Control events registered from the main actor")
@MainActor
struct ControlEventsIsolationTests {
    @MainActor
    final class ViewModel {
        var count = 0
        var titles: [String] = []
        var tokens = Set<CancellationToken>()
        let button = MainActorButton()

        func bind() {
            button.addHandler(for: .touchUpInside) { button in
                self.count += 1
                self.titles.append(button.title)
            }.store(in: &tokens)
        }
    }

    @Test("an event sent on the main actor runs the handler before sendEvents returns")
    func sentOnMainRunsSynchronously() {
        let model = ViewModel()
        defer { model.tokens.removeAll() } // the handler captures the model
        model.bind()
        model.button.sendEvents(.touchUpInside)
        #expect(model.count == 1)
        #expect(model.titles == ["Buy"])
    }

    @Test("a local var of a main-actor function counts exactly")
    func localVariable() {
        let button = MainActorButton()
        var count = 0
        let token = button.addHandler(for: .valueChanged) { _ in count += 1 }
        button.sendEvents(.valueChanged)
        button.sendEvents(.valueChanged)
        #expect(count == 2)
        _ = token
    }

    @Test("events sent from a background thread all arrive on the main actor")
    func backgroundEventsAreEnqueued() async {
        let control = PlainCounterBox()
        var received = 0
        let token = control.counter.addHandler(for: .valueChanged) { _ in received += 1 }
        await onBackgroundThread {
            for value in 1...200 {
                control.counter.setValue(value)
            }
        }
        #expect(await untilMainActor { received == 200 })
        #expect(received == 200)
        _ = token
    }

    @Test("a cancelled main-actor handler does not run the events still waiting for the main actor")
    func cancelDropsWaitingEvents() async {
        let control = PlainCounterBox()
        var received = 0
        let token = control.counter.addHandler(for: .valueChanged) { _ in received += 1 }
        blockingOnBackgroundThread {
            for value in 1...50 { control.counter.setValue(value) }
        }
        // The events wait for the main actor, which this test holds.
        #expect(token.cancel())
        #expect(await untilMainActor({ received > 0 }, limit: 1_000) == false)
        #expect(received == 0)
    }

    @Test("a handler registered from nonisolated code runs on the sending thread")
    func nonisolatedRegistrationRunsOnSender() async {
        let control = PlainCounterBox()
        let record = SendingThreadRecord()
        let token = record.register(on: control.counter)
        await onBackgroundThread { control.counter.setValue(1) }
        #expect(record.ranSynchronously)
        _ = token
    }
}

/// A control whose value is sent from any thread; thread-safe by its lock.
final class ValueControl: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
    private let storage = Locked(0)

    var value: Int { storage.withLock { $0 } }

    func setValue(_ value: Int) {
        storage.withLock { $0 = value }
        sendEvents(.valueChanged)
    }
}

/// Hands a ``ValueControl`` to a background thread; values sent in order
/// read back in order because each handler reads the value its send set.
final class PlainCounterBox: Sendable {
    let counter = ValueControl()
}

/// Registers from nonisolated code and records whether the handler ran
/// within the send.
final class SendingThreadRecord: Sendable {
    private let state = Locked((sending: false, ranWithin: false))

    var ranSynchronously: Bool { state.withLock { $0.ranWithin } }

    nonisolated func register(on control: ValueControl) -> CancellationToken {
        control.addHandler(for: .valueChanged) { [state] _ in
            state.withLock { $0.ranWithin = true }
        }
    }
}
