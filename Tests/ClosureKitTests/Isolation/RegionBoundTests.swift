import Synchronization
import Testing

@testable import ClosureKit

/// A control that is not `Sendable`, and one that is.
final class PlainPinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

final class SharedPinger: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

@Suite("RegionBound: closures that join their owner's region, and the nonisolated-only forms")
@MainActor
struct RegionBoundTests {
    @Test("a region-bound main-actor handler runs after the events that wait for the main actor")
    func drainsWaitingEventsFirst() {
        let shared = SharedPinger()
        let plain = PlainPinger()
        var log: [String] = []
        let tokens = [
            shared.addHandler(for: .valueChanged) { _ in log.append("shared") },
            plain.addHandler(for: .valueChanged) { _ in log.append("plain") },
        ]
        blockingOnBackgroundThread { shared.sendEvents(.valueChanged) }
        #expect(log.isEmpty)
        plain.sendEvents(.valueChanged)
        #expect(log == ["shared", "plain"])
        tokens.forEach { $0.cancel() }
    }

    @Test("a main-actor hook by name on a plain instance runs after the events that wait for the main actor")
    func byNameHookDrainsWaitingEventsFirst() throws {
        let shared = SharedPinger()
        let journal = NamedJournal()
        var log: [String] = []
        let tokens = [
            shared.addHandler(for: .valueChanged) { _ in log.append("shared") },
            try journal.hook("write(_:)", at: .before) { (_: NamedJournal, invocation: Invocation<String, Int>) in
                log.append("hook \(invocation.arguments)")
            },
        ]
        blockingOnBackgroundThread { shared.sendEvents(.valueChanged) }
        #expect(log.isEmpty)
        _ = journal.write("now")
        #expect(log == ["shared", "hook now"])
        tokens.forEach { $0.cancel() }
    }

    @Test("a region-bound handler from nonisolated code may capture a local var and runs during the send")
    nonisolated func nonisolatedCapturesVar() {
        let pinger = PlainPinger()
        var count = 0
        let token = pinger.addHandler(for: .valueChanged) { _ in count += 1 }
        pinger.sendEvents(.valueChanged)
        pinger.sendEvents([.valueChanged, .touchUpInside])
        #expect(count == 2)
        token.cancel()
    }

    @Test("a hook for every instance of a plain type refuses a closure marked with an actor, naming the hook")
    func nonisolatedFormRefusesAnActor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = PlainRecorder.hooks.log.after { @MainActor _, _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("\"after\" hook of log(_:) receives values that are not Sendable"), "\(message)")
        #expect(message.contains("register it for one instance"), "\(message)")
    }

    @Test("a hook for every instance of a plain type runs nonisolated, on the calling thread")
    nonisolated func typeWideNonisolated() {
        let calls = Mutex(0)
        let token = PlainRecorder.hooks.log.before { _, _ in calls.withLock { $0 += 1 } }
        blockingOnBackgroundThread { _ = PlainRecorder().log("elsewhere") }
        #expect(calls.withLock { $0 } == 1)
        token.cancel()
    }
}
