import Testing

@testable import ClosureKit

@Suite("EventControl: handlers are released")
struct EventControlLifecycleTests {
    @Test("a handler and its captures are released when its token is cancelled")
    func releasedOnCancel() {
        let button = ControlTestButton()
        let released = ControlEventsLog()
        var sentinel: ControlEventsSentinel? = ControlEventsSentinel { released.append("released") }
        let token = button.addHandler(for: .touchUpInside) { [sentinel] _ in _ = sentinel }
        sentinel = nil
        #expect(released.entries.isEmpty)
        token.cancel()
        #expect(released.entries == ["released"])
    }

    @Test("handlers and their captures are released when removed by mask")
    func releasedOnRemove() {
        let button = ControlTestButton()
        let released = ControlEventsLog()
        var sentinel: ControlEventsSentinel? = ControlEventsSentinel { released.append("released") }
        let token = button.addHandler(for: .valueChanged) { [sentinel] _ in _ = sentinel }
        sentinel = nil
        button.removeHandlers(for: .valueChanged)
        #expect(released.entries == ["released"])
        _ = token
    }

    @Test("handlers are released when the control ends, even while their tokens are kept")
    func releasedWhenControlEnds() {
        let released = ControlEventsLog()
        var slider: ControlTestSlider? = ControlTestSlider { released.append("slider") }
        var sentinel: ControlEventsSentinel? = ControlEventsSentinel { released.append("handler") }
        let token = slider!.addHandler(for: .valueChanged) { [sentinel] _ in _ = sentinel }
        sentinel = nil
        slider = nil
        #expect(released.entries == ["slider", "handler"])
        #expect(token.cancel() == false, "a token kept after its control ended has nothing to cancel")
    }

    @Test("handlers never keep their control alive")
    func handlersDoNotRetainControl() {
        weak var weakSlider: ControlTestSlider?
        var tokens: [CancellationToken] = []
        do {
            let slider = ControlTestSlider(value: 3)
            weakSlider = slider
            slider.addHandler(for: .valueChanged) { slider in _ = slider.value }.store(in: &tokens)
            slider.addHandler(for: .allEvents, options: .once) { _ in }.store(in: &tokens)
            slider.sendEvents(.valueChanged)
        }
        #expect(weakSlider == nil)
    }

    @Test("captures are released with no library lock held, so their deinit may use the control")
    func capturesReleasedOutsideLock() {
        let button = ControlTestButton()
        let log = ControlEventsLog()
        func sentinel(_ name: String) -> ControlEventsSentinel {
            ControlEventsSentinel {
                log.append("\(name) released, control has handlers: \(button.hasHandlers(for: .touchDown))")
            }
        }
        var first: ControlEventsSentinel? = sentinel("cancelled")
        var second: ControlEventsSentinel? = sentinel("removed")
        let keep = button.addHandler(for: .touchDown) { _ in }
        let a = button.addHandler(for: .touchUpInside) { [first] _ in _ = first }
        let b = button.addHandler(for: .valueChanged) { [second] _ in _ = second }
        first = nil
        second = nil
        a.cancel()
        button.removeHandlers(for: .valueChanged)
        #expect(
            log.entries == [
                "cancelled released, control has handlers: true", "removed released, control has handlers: true",
            ])
        _ = (keep, b)
    }

    @Test("a once handler is released after it ran")
    func onceReleasedAfterRun() {
        let button = ControlTestButton()
        let released = ControlEventsLog()
        var sentinel: ControlEventsSentinel? = ControlEventsSentinel { released.append("released") }
        let token = button.addHandler(for: .touchUpInside, options: .once) { [sentinel] _ in _ = sentinel }
        sentinel = nil
        button.sendEvents(.touchUpInside)
        #expect(released.entries == ["released"])
        _ = token
    }
}
