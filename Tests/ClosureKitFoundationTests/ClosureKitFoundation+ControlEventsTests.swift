import ClosureKitFoundation
import Testing

@Suite("ClosureKitFoundation re-exports the control events")
struct ClosureKitFoundationControlEventsTests {
    private final class Knob: EventControl, @unchecked Sendable {
        let controlEventStorage = ControlEventStorage()
    }

    @Test("a module that imports ClosureKitFoundation alone can use EventControl")
    func reExportsEventControl() {
        let knob = Knob()
        let token = knob.addHandler(for: .valueChanged) { _ in }
        #expect(knob.hasHandlers(for: .valueChanged))
        #expect(token.cancel())
        #expect(!knob.hasHandlers(for: .valueChanged))
    }
}
