import Testing

@testable import ClosureKit

@Suite("EventControl: sending, has and remove")
struct EventControlTests {
    @Test("sending runs every handler whose mask overlaps the events, in registration order", arguments: [false, true])
    func sendingUsesOverlap(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let tokens = [
            button.addHandler(for: .touchUpInside) { _ in log.append("up") },
            button.addHandler(for: .valueChanged) { _ in log.append("value") },
            button.addHandler(for: [.touchDown, .touchUpInside]) { _ in log.append("down or up") },
            button.addHandler(for: .allTouchEvents) { _ in log.append("any touch") },
            button.addHandler(for: .allEvents) { _ in log.append("anything") },
        ]

        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.touchUpInside)
        #expect(log.entries == ["up", "down or up", "any touch", "anything"])

        button.sendEvents(.valueChanged)
        #expect(log.entries.suffix(2) == ["value", "anything"])
        _ = tokens
    }

    @Test("a handler runs once per send, even when several of its events are sent together")
    func oncePerSend() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let token = button.addHandler(for: [.touchDown, .touchUpInside, .primaryActionTriggered]) { _ in
            log.append("ran")
        }
        button.sendEvents([.touchDown, .touchUpInside, .primaryActionTriggered])
        #expect(log.entries == ["ran"])
        _ = token
    }

    @Test("sending an empty set, or events no mask shares, runs nothing")
    func disjointSendRunsNothing() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let token = button.addHandler(for: .allTouchEvents) { _ in log.append("ran") }
        button.sendEvents([])
        button.sendEvents([.valueChanged, .editingChanged])
        #expect(log.entries.isEmpty)
        // A send that shares one event with the mask runs it.
        button.sendEvents([.valueChanged, .touchDown])
        #expect(log.entries == ["ran"])
        _ = token
    }

    @Test("handlers receive the control typed as the receiver's own type")
    func handlersReceiveSelf() {
        let toggle = ControlTestToggleButton(title: "Wi-Fi")
        let log = ControlEventsLog()
        let token = toggle.addHandler(for: .valueChanged) { toggle in
            // `toggle` is a ControlTestToggleButton: its own property is reachable.
            log.append("\(toggle.title) is \(toggle.isOn ? "on" : "off")")
        }
        toggle.isOn = true
        toggle.sendEvents(.valueChanged)
        #expect(log.entries == ["Wi-Fi is on"])
        _ = token
    }

    @Test("the handler receives the very control that sent the events")
    func handlerReceivesSender() {
        let first = ControlTestButton(title: "first")
        let second = ControlTestButton(title: "second")
        let log = ControlEventsLog()
        let tokens = [first, second].map { button in
            button.addHandler(for: .touchUpInside) { sender in log.append(sender.title) }
        }
        second.sendEvents(.touchUpInside)
        first.sendEvents(.touchUpInside)
        #expect(log.entries == ["second", "first"])
        _ = tokens
    }

    @Test("hasHandlers matches the exact mask, not an overlap")
    func hasUsesExactMask() {
        let button = ControlTestButton()
        #expect(!button.hasHandlers(for: .touchUpInside))
        let token = button.addHandler(for: [.touchDown, .touchUpInside]) { _ in }
        #expect(button.hasHandlers(for: [.touchDown, .touchUpInside]))
        #expect(button.hasHandlers(for: [.touchUpInside, .touchDown]))
        #expect(!button.hasHandlers(for: .touchUpInside))
        #expect(!button.hasHandlers(for: .touchDown))
        #expect(!button.hasHandlers(for: [.touchDown, .touchUpInside, .touchCancel]))
        #expect(!button.hasHandlers(for: .allTouchEvents))
        #expect(!button.hasHandlers(for: .allEvents))
        _ = token
    }

    @Test("removeHandlers removes only the handlers of exactly that mask and says how many", arguments: [false, true])
    func removeUsesExactMask(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let tokens = [
            button.addHandler(for: .valueChanged) { _ in log.append("value 1") },
            button.addHandler(for: [.valueChanged, .touchUpInside]) { _ in log.append("value or up") },
            button.addHandler(for: .valueChanged) { _ in log.append("value 2") },
            button.addHandler(for: .allEvents) { _ in log.append("all") },
        ]

        warmUp(button, if: fromCachedSnapshot)
        #expect(button.removeHandlers(for: .touchUpInside) == 0)
        #expect(button.removeHandlers(for: .valueChanged) == 2)
        #expect(!button.hasHandlers(for: .valueChanged))
        #expect(button.hasHandlers(for: [.valueChanged, .touchUpInside]))
        #expect(button.hasHandlers(for: .allEvents))

        button.sendEvents(.valueChanged)
        #expect(log.entries == ["value or up", "all"])

        #expect(button.removeHandlers(for: .valueChanged) == 0)
        #expect(tokens[0].cancel() == false, "a handler removed by mask has nothing left to cancel")
        #expect(tokens[1].cancel() == true)
    }

    @Test("removeAllHandlers removes every handler, whatever its mask")
    func removeAll() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let tokens = [
            button.addHandler(for: .valueChanged) { _ in log.append("value") },
            button.addHandler(for: .allEvents) { _ in log.append("all") },
        ]
        #expect(button.removeAllHandlers() == 2)
        button.sendEvents(.allEvents)
        #expect(log.entries.isEmpty)
        #expect(!button.hasHandlers(for: .allEvents))
        #expect(button.removeAllHandlers() == 0)
        _ = tokens
    }

    @Test("a handler may call back into its control: has, remove, add and a nested send", arguments: [false, true])
    func reentrancy(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let inner = button.addHandler(for: .valueChanged) { _ in log.append("inner") }
        let outer = button.addHandler(for: .touchUpInside) { button in
            log.append("outer sees inner: \(button.hasHandlers(for: .valueChanged))")
            button.sendEvents(.valueChanged)
            log.append("removed \(button.removeHandlers(for: .valueChanged))")
            let late = button.addHandler(for: .menuActionTriggered) { _ in log.append("late") }
            button.sendEvents(.menuActionTriggered)
            _ = late // released here: removes itself
        }
        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.touchUpInside)
        #expect(log.entries == ["outer sees inner: true", "inner", "removed 1", "late"])
        #expect(!button.hasHandlers(for: .menuActionTriggered))
        _ = (inner, outer)
    }

    @Test("adding a handler for no events registers nothing and returns an inert token")
    func emptyMaskIsANoOp() {
        let button = ControlTestButton()
        let ran = Locked(0)
        let token = button.addHandler(for: []) { _ in ran.withLock { $0 += 1 } }
        #expect(!button.hasHandlers(for: []))
        button.sendEvents(.allEvents)
        button.sendEvents([])
        #expect(ran.withLock { $0 } == 0)
        #expect(!token.cancel())
    }

    @Test("sending from a control to handlers added on another one traps")
    func sharedStorageTraps() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                final class Impostor: EventControl, @unchecked Sendable {
                    let controlEventStorage: ControlEventStorage
                    init(sharing storage: ControlEventStorage) { controlEventStorage = storage }
                }
                let button = ControlTestButton()
                let token = button.addHandler(for: .touchUpInside) { button in _ = button.title }
                let impostor = Impostor(sharing: button.controlEventStorage)
                impostor.sendEvents(.touchUpInside)
                _ = token
            }
        )
        // The trap names what was wrong.
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("A ControlEventStorage belongs to exactly one control"), "\(message)")
    }
}
