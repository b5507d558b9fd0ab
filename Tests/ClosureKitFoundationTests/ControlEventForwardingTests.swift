import ClosureKit
import Testing

@testable import ClosureKitFoundation

/// The bookkeeping of the UIKit bridge, which on Apple platforms adds one
/// `UIAction` per event that `startForwarding(_:)` returns.
@Suite("ControlEventForwarding: each event forwarded once")
struct ControlEventForwardingTests {
    @Test("a mask's events are returned one bit each, lowest first")
    func splitsIntoBits() {
        var forwarding = ControlEventForwarding()
        let events = forwarding.startForwarding([.editingChanged, .touchDown, .valueChanged])
        #expect(events == [.touchDown, .valueChanged, .editingChanged])
    }

    @Test("an event already forwarded is not returned again, alone or inside a wider mask")
    func forwardsOnce() {
        var forwarding = ControlEventForwarding()
        #expect(forwarding.startForwarding(.touchUpInside) == [.touchUpInside])
        #expect(forwarding.startForwarding(.touchUpInside).isEmpty)
        let touches = forwarding.startForwarding(.allTouchEvents)
        #expect(touches.count == 11)
        #expect(!touches.contains(.touchUpInside))
        #expect(touches.allSatisfy { $0.rawValue.nonzeroBitCount == 1 && ControlEvents.allTouchEvents.contains($0) })
        #expect(forwarding.startForwarding(.allTouchEvents).isEmpty)
        #expect(forwarding.startForwarding([]).isEmpty)
    }

    @Test("all events are the 32 bits UIKit defines, each once")
    func allEvents() {
        var forwarding = ControlEventForwarding()
        let events = forwarding.startForwarding(.allEvents)
        #expect(events.count == 32)
        #expect(events.map(\.rawValue) == (0..<32).map { UInt(1) << $0 })
        #expect(forwarding.startForwarding(.allEvents).isEmpty)
    }
}
