import ClosureKit
import Testing

@Suite("ControlEvents")
struct ControlEventsTests {
    @Test("each event has the bit value of UIKit's UIControl.Event")
    func bitValuesMatchUIKit() {
        let expected: [(ControlEvents, UInt)] = [
            (.touchDown, 1 << 0),
            (.touchDownRepeat, 1 << 1),
            (.touchDragInside, 1 << 2),
            (.touchDragOutside, 1 << 3),
            (.touchDragEnter, 1 << 4),
            (.touchDragExit, 1 << 5),
            (.touchUpInside, 1 << 6),
            (.touchUpOutside, 1 << 7),
            (.touchCancel, 1 << 8),
            (.valueChanged, 1 << 12),
            (.primaryActionTriggered, 1 << 13),
            (.menuActionTriggered, 1 << 14),
            (.editingDidBegin, 1 << 16),
            (.editingChanged, 1 << 17),
            (.editingDidEnd, 1 << 18),
            (.editingDidEndOnExit, 1 << 19),
            (.allTouchEvents, 0x0000_0FFF),
            (.allEditingEvents, 0x000F_0000),
            (.applicationReserved, 0x0F00_0000),
            (.systemReserved, 0xF000_0000),
            (.allEvents, 0xFFFF_FFFF),
        ]
        for (events, raw) in expected {
            #expect(events.rawValue == raw, "\(events)")
        }
    }

    @Test("the touch group holds every touch event and nothing else that has a name")
    func touchGroup() {
        let touches: ControlEvents = [
            .touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
            .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel,
        ]
        #expect(ControlEvents.allTouchEvents.isSuperset(of: touches))
        #expect(
            ControlEvents.allTouchEvents.isDisjoint(with: [
                .valueChanged, .primaryActionTriggered, .menuActionTriggered,
            ]))
        #expect(ControlEvents.allTouchEvents.isDisjoint(with: .allEditingEvents))
    }

    @Test("the editing group is exactly the four editing events")
    func editingGroup() {
        #expect(
            ControlEvents.allEditingEvents == [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit])
    }

    @Test("the reserved ranges are disjoint from every named event and from each other")
    func reservedRanges() {
        let named = ControlEvents.allTouchEvents.union([.valueChanged, .primaryActionTriggered, .menuActionTriggered])
            .union(.allEditingEvents)
        #expect(ControlEvents.applicationReserved.isDisjoint(with: named))
        #expect(ControlEvents.systemReserved.isDisjoint(with: named))
        #expect(ControlEvents.applicationReserved.isDisjoint(with: .systemReserved))
        #expect(ControlEvents.allEvents.isSuperset(of: named.union(.applicationReserved).union(.systemReserved)))
    }

    @Test("the description names the events in bit order and shows unnamed bits in hexadecimal")
    func description() {
        #expect(ControlEvents([.valueChanged, .touchDown]).description == "[.touchDown, .valueChanged]")
        #expect(ControlEvents(rawValue: 1 << 24).description == "[0x1000000]")
        #expect(ControlEvents([]).description == "[]")
        #expect(
            ControlEvents.allEditingEvents.description
                == "[.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]")
    }
}
