import Testing

@testable import ClosureKit

@Suite("EventControl events(for:)", .timeLimit(.minutes(1)))
struct EventControlEventsTests {
    @Test("a send that overlaps the mask is one element; others are not")
    func overlappingSends() async {
        var button: ControlTestButton? = ControlTestButton()
        let sequence = button!.events(for: [.touchUpInside, .primaryActionTriggered])
        button!.sendEvents(.touchUpInside)
        button!.sendEvents(.touchDown)
        button!.sendEvents([.touchUpInside, .primaryActionTriggered])
        button = nil
        #expect(await collectAll(sequence).count == 2)
    }

    @Test("the transform reads the control during the send, typed as the control's own type")
    func transformReadsControl() async {
        var toggle: ControlTestToggleButton? = ControlTestToggleButton()
        let sequence = toggle!.events(for: .valueChanged) { $0.isOn }
        toggle!.isOn = true
        toggle!.sendEvents(.valueChanged)
        toggle!.isOn = false
        toggle!.sendEvents(.valueChanged)
        toggle = nil
        #expect(await collectAll(sequence) == [true, false])
    }

    @Test("the sequence's handler is found by the mask it was created for, and removing it finishes the sequence")
    func removeHandlersFinishes() async {
        let button = ControlTestButton()
        let sequence = button.events(for: .touchUpInside)
        #expect(button.hasHandlers(for: .touchUpInside))
        button.sendEvents(.touchUpInside)
        #expect(button.removeHandlers(for: .touchUpInside) == 1)
        #expect(await collectAll(sequence).count == 1)
    }
}
