import Dispatch
import Testing

@testable import ClosureKit

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
        // Per thread: the runs of its transient handler, and of its
        // self-removing one. No other thread sends its bit, so each count is
        // exact.
        let ownRuns = (0..<threads).map { _ in Locked(0) }
        let selfRemovingRuns = (0..<threads).map { _ in Locked(0) }

        // Runs on every valueChanged send, from every thread.
        let persistent = button.addHandler(for: .valueChanged) { _ in persistentRuns.withLock { $0 += 1 } }
        // Must run exactly once, whichever thread's send claims it.
        let once = button.addHandler(for: .allEvents, options: .once) { _ in onceRuns.withLock { $0 += 1 } }

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread owns one application-reserved bit, so that its
            // exact-mask queries are not disturbed by the other threads.
            let own = ControlEvents(rawValue: 1 << UInt(24 + thread))
            for round in 0..<rounds {
                let token = button.addHandler(for: own) { _ in
                    transientRuns.withLock { $0 += 1 }
                    ownRuns[thread].withLock { $0 += 1 }
                }
                #expect(button.hasHandlers(for: own))
                button.sendEvents(.valueChanged)
                button.sendEvents(own)
                // The send before the removal ran the handler once.
                #expect(ownRuns[thread].withLock { $0 } == round + 1)
                if round.isMultiple(of: 2) {
                    #expect(token.cancel())
                } else {
                    #expect(button.removeHandlers(for: own) == 1)
                    #expect(!token.cancel())
                }
                #expect(!button.hasHandlers(for: own))
                // Sent after the removal returned: never runs the handler.
                button.sendEvents(own)
                #expect(ownRuns[thread].withLock { $0 } == round + 1)

                // A handler that removes itself while others send: it runs
                // for the first send only.
                let slot = ControlTokenSlot()
                slot.token = button.addHandler(for: own, options: round.isMultiple(of: 3) ? .once : []) { _ in
                    selfRemovingRuns[thread].withLock { $0 += 1 }
                    slot.token?.cancel()
                }
                button.sendEvents(own.union(.touchDown))
                button.sendEvents(own)
                #expect(selfRemovingRuns[thread].withLock { $0 } == round + 1)
                #expect(!button.hasHandlers(for: own))
                slot.token = nil
            }
        }

        #expect(persistentRuns.withLock { $0 } == threads * rounds)
        #expect(onceRuns.withLock { $0 } == 1)
        #expect(transientRuns.withLock { $0 } == threads * rounds)
        #expect(ownRuns.allSatisfy { $0.withLock { $0 } == rounds })
        #expect(!button.hasHandlers(for: .allEvents))
        #expect(button.hasHandlers(for: .valueChanged))
        #expect(button.controlEventStorage.handlers.count == 1)
        _ = (persistent, once)
    }

    @Test("a control may end on one thread while another holds tokens and cancels them")
    func controlEndsWhileTokensCancel() {
        for _ in 0..<200 {
            let ended = Locked(false)
            var slider: ControlTestSlider? = ControlTestSlider(onDeinit: { ended.withLock { $0 = true } })
            let runs = (0..<4).map { _ in Locked(0) }
            let tokens = (0..<4).map { index in
                slider!.addHandler(for: .valueChanged) { _ in runs[index].withLock { $0 += 1 } }
            }
            // Before the race, a send reaches every handler.
            slider!.sendEvents(.valueChanged)
            #expect(runs.allSatisfy { $0.withLock { $0 } == 1 })
            let sliderBox = Locked<ControlTestSlider?>(slider)
            slider = nil
            let cancelled = Locked(0)
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
                    for token in tokens where token.cancel() { cancelled.withLock { $0 += 1 } }
                }
            }
            // The control ended (no cycle through its handlers), each handler
            // ran at most once more, and no token prevents anything any more.
            #expect(ended.withLock { $0 })
            #expect(runs.allSatisfy { (1...2).contains($0.withLock { $0 }) })
            #expect(tokens.allSatisfy { !$0.cancel() })
        }
    }
}
