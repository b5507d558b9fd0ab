@testable import ClosureKit
import Dispatch
import Testing

@Suite("EventControl: many threads at once")
struct EventControlConcurrencyTests {
    /// Four threads add, send, query, remove and cancel on one control at the
    /// same time. Bounded so that it stays well under a second under the
    /// thread sanitizer on two cores.
    @Test("concurrent adds, sends, removes and cancels keep every rule")
    func stress() {
        let button = ControlTestButton()
        let threads = 4
        let rounds = 400
        let persistentRuns = Locked(0)
        let onceRuns = Locked(0)
        let transientRuns = Locked(0)
        let lateRuns = Locked(0)

        // Runs on every valueChanged send, from every thread.
        let persistent = button.addHandler(for: .valueChanged) { _ in persistentRuns.withLock { $0 += 1 } }
        // Must run exactly once, whichever thread's send claims it.
        let once = button.addHandler(for: .allEvents, options: .once) { _ in onceRuns.withLock { $0 += 1 } }

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread owns one application-reserved bit, so that its
            // exact-mask queries are not disturbed by the other threads.
            let own = ControlEvents(rawValue: 1 << UInt(24 + thread))
            for round in 0..<rounds {
                let token = button.addHandler(for: own) { _ in transientRuns.withLock { $0 += 1 } }
                #expect(button.hasHandlers(for: own))
                button.sendEvents(.valueChanged)
                button.sendEvents(own)
                if round.isMultiple(of: 2) {
                    #expect(token.cancel())
                } else {
                    #expect(button.removeHandlers(for: own) == 1)
                    #expect(!token.cancel())
                }
                #expect(!button.hasHandlers(for: own))
                // Sent after the removal returned: never runs the handler.
                let before = lateRuns.withLock { $0 }
                button.sendEvents(own)
                #expect(lateRuns.withLock { $0 } == before)

                // A handler that removes itself while others send.
                let slot = ControlTokenSlot()
                slot.token = button.addHandler(for: own, options: round.isMultiple(of: 3) ? .once : []) { _ in
                    slot.token?.cancel()
                }
                button.sendEvents(own.union(.touchDown))
                slot.token = nil
            }
        }

        #expect(persistentRuns.withLock { $0 } == threads * rounds)
        #expect(onceRuns.withLock { $0 } == 1)
        #expect(transientRuns.withLock { $0 } == threads * rounds)
        #expect(!button.hasHandlers(for: .allEvents))
        #expect(button.hasHandlers(for: .valueChanged))
        #expect(button.controlEventStorage.handlers.count == 1)
        _ = (persistent, once)
    }

    @Test("a control may end on one thread while another holds tokens and cancels them")
    func controlEndsWhileTokensCancel() {
        for _ in 0..<200 {
            var slider: ControlTestSlider? = ControlTestSlider()
            let tokens = (0..<4).map { _ in slider!.addHandler(for: .valueChanged) { _ in } }
            let sliderBox = Locked<ControlTestSlider?>(slider)
            slider = nil
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    sliderBox.withLock { $0 }?.sendEvents(.valueChanged)
                    let released = sliderBox.withLock { box -> ControlTestSlider? in
                        let old = box
                        box = nil
                        return old
                    }
                    _ = released
                } else {
                    for token in tokens { token.cancel() }
                }
            }
        }
    }
}
