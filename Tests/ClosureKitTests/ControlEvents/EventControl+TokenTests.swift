import ClosureKit
import Dispatch
import Testing

@Suite("EventControl: tokens and changes during a send")
struct EventControlTokenTests {
    @Test("cancel removes the handler and returns true only the first time")
    func cancelIsIdempotent() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let token = button.addHandler(for: .touchUpInside) { _ in log.append("ran") }
        #expect(token.cancel() == true)
        #expect(token.cancel() == false)
        #expect(token.isCancelled)
        #expect(!button.hasHandlers(for: .touchUpInside))
        button.sendEvents(.touchUpInside)
        #expect(log.entries.isEmpty)
    }

    @Test("a send that starts after cancel has returned on another thread never runs the handler")
    func cancelOnAnotherThread() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let token = button.addHandler(for: .valueChanged) { _ in log.append("ran") }
        let kept = button.addHandler(for: .valueChanged) { _ in log.append("kept") }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            #expect(token.cancel())
            done.signal()
        }
        done.wait()
        button.sendEvents(.valueChanged)
        #expect(log.entries == ["kept"])
        withExtendedLifetime(kept) {}
    }

    @Test("releasing the token removes the handler")
    func releasingTokenRemoves() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        do {
            let token = button.addHandler(for: .touchUpInside) { _ in log.append("ran") }
            button.sendEvents(.touchUpInside)
            _ = token
        }
        #expect(!button.hasHandlers(for: .touchUpInside))
        button.sendEvents(.touchUpInside)
        #expect(log.entries == ["ran"])
    }

    @Test("tokens are hashable and keep their handlers while a set holds them")
    func tokensInASet() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        var tokens = Set<CancellationToken>()
        button.addHandler(for: .touchDown) { _ in log.append("down") }.store(in: &tokens)
        button.addHandler(for: .touchDown) { _ in log.append("down again") }.store(in: &tokens)
        #expect(tokens.count == 2)
        button.sendEvents(.touchDown)
        #expect(log.entries == ["down", "down again"])
        tokens.removeAll()
        #expect(!button.hasHandlers(for: .touchDown))
    }

    @Test(
        "a once handler runs on its first matching send only, and its token then cancels nothing",
        arguments: [false, true])
    func onceHandler(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let token = button.addHandler(for: .touchUpInside, options: .once) { _ in log.append("once") }
        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.valueChanged) // does not match: the handler stays
        #expect(button.hasHandlers(for: .touchUpInside))
        button.sendEvents(.touchUpInside)
        button.sendEvents(.touchUpInside)
        #expect(log.entries == ["once"])
        #expect(!button.hasHandlers(for: .touchUpInside))
        #expect(token.cancel() == false)
    }

    @Test(
        "a handler that removes all handlers, itself included, during a send stops the rest of that send",
        arguments: [false, true])
    func handlerRemovesAll(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        var tokens: [CancellationToken] = []
        tokens.append(button.addHandler(for: .touchUpInside) { _ in log.append("first") })
        tokens.append(
            button.addHandler(for: .touchUpInside) { button in
                log.append("second removes all: \(button.removeAllHandlers())")
            })
        tokens.append(button.addHandler(for: .touchUpInside) { _ in log.append("third") })
        tokens.append(button.addHandler(for: .allEvents) { _ in log.append("fourth") })

        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.touchUpInside)
        #expect(log.entries == ["first", "second removes all: 4"])
        button.sendEvents(.touchUpInside)
        #expect(log.entries.count == 2)
        #expect(tokens.map { $0.cancel() } == [false, false, false, false])
    }

    @Test("a handler that removes its own mask, itself included, during a send", arguments: [false, true])
    func handlerRemovesItsMask(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let tokens = [
            button.addHandler(for: .valueChanged) { button in
                log.append("remover")
                button.removeHandlers(for: .valueChanged)
            },
            button.addHandler(for: .valueChanged) { _ in log.append("same mask") },
            button.addHandler(for: [.valueChanged, .touchDown]) { _ in log.append("other mask") },
        ]
        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.valueChanged)
        button.sendEvents(.valueChanged)
        #expect(log.entries == ["remover", "other mask", "other mask"])
        _ = tokens
    }

    @Test("a handler may cancel its own token while it runs; the effect is immediate", arguments: [false, true])
    func handlerCancelsItself(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let slot = ControlTokenSlot()
        slot.token = button.addHandler(for: .touchDown) { button in
            log.append("cancel returned \(slot.token?.cancel() ?? false)")
            button.sendEvents(.touchDown) // a nested send no longer runs it
        }
        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.touchDown)
        button.sendEvents(.touchDown)
        #expect(log.entries == ["cancel returned true"])
    }

    @Test("a handler that cancels a later handler's token stops it in the same send", arguments: [false, true])
    func cancelLaterHandler(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let later = ControlTokenSlot()
        let first = button.addHandler(for: .touchDown) { _ in
            log.append("first cancels later: \(later.token?.cancel() ?? false)")
        }
        later.token = button.addHandler(for: .touchDown) { _ in log.append("later") }
        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.touchDown)
        #expect(log.entries == ["first cancels later: true"])
        _ = first
    }

    @Test("handlers added during a send run from the next send on", arguments: [false, true])
    func addedDuringSend(fromCachedSnapshot: Bool) {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        let added = ControlTokenSlot()
        let adder = button.addHandler(for: .valueChanged) { button in
            log.append("adder")
            if added.token == nil {
                added.token = button.addHandler(for: .valueChanged) { _ in log.append("added") }
            }
        }
        warmUp(button, if: fromCachedSnapshot)
        button.sendEvents(.valueChanged)
        #expect(log.entries == ["adder"])
        button.sendEvents(.valueChanged)
        #expect(log.entries == ["adder", "adder", "added"])
        _ = adder
    }
}
