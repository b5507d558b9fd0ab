import Testing

@testable import ClosureKit

/// The rules of a send hold however often the control sent before: each test
/// sends several times first, so that the send under test runs from the
/// handler list's cached snapshot.
@Suite("EventControl: later sends")
struct EventControlLaterSendTests {
    @Test("on a later send, a handler that removes later ones stops them in that same send")
    func removeLaterHandlers() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let armed = Locked(false)
        let first = button.addHandler(for: .touchUpInside) { button in
            log.append("first")
            if armed.withLock({ $0 }) { #expect(button.removeHandlers(for: .touchUpInside.union(.touchDown)) == 1) }
        }
        let second = button.addHandler(for: .touchUpInside.union(.touchDown)) { _ in log.append("second") }
        let third = button.addHandler(for: .touchUpInside) { _ in log.append("third") }
        for _ in 0..<3 { button.sendEvents(.touchUpInside) }
        #expect(log.entries.count == 9)
        armed.withLock { $0 = true }
        button.sendEvents(.touchUpInside)
        #expect(Array(log.entries.suffix(2)) == ["first", "third"])
        #expect(second.cancel() == false)
        withExtendedLifetime((first, third)) {}
    }

    @Test("on a later send, removing every handler from a handler stops the rest")
    func removeAllDuringSend() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let armed = Locked(false)
        let tokens = [
            button.addHandler(for: .valueChanged) { button in
                log.append("first")
                if armed.withLock({ $0 }) { #expect(button.removeAllHandlers() == 3) }
            },
            button.addHandler(for: .valueChanged) { _ in log.append("second") },
            button.addHandler(for: .allEvents) { _ in log.append("third") },
        ]
        for _ in 0..<3 { button.sendEvents(.valueChanged) }
        armed.withLock { $0 = true }
        button.sendEvents(.valueChanged)
        button.sendEvents(.valueChanged)
        #expect(log.entries.count == 10)
        #expect(log.entries.last == "first")
        #expect(!button.hasHandlers(for: .allEvents))
        #expect(tokens.allSatisfy { !$0.cancel() })
    }

    @Test("a one-shot handler in the cached snapshot runs once, on the first send that matches it")
    func onceFromCachedSnapshot() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let persistent = button.addHandler(for: .valueChanged) { _ in log.append("value") }
        let once = button.addHandler(for: .touchUpInside, options: .once) { _ in log.append("once") }
        // Sends that do not match it leave it registered, in the cache.
        for _ in 0..<3 { button.sendEvents(.valueChanged) }
        #expect(button.hasHandlers(for: .touchUpInside))
        button.sendEvents([.valueChanged, .touchUpInside])
        button.sendEvents([.valueChanged, .touchUpInside])
        #expect(log.entries == ["value", "value", "value", "value", "once", "value"])
        #expect(!button.hasHandlers(for: .touchUpInside))
        #expect(once.cancel() == false)
        withExtendedLifetime(persistent) {}
    }
}
