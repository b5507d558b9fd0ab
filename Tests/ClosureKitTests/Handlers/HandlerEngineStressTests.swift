import Dispatch
import Testing

@testable import ClosureKit

/// The handler engine under many threads registering, cancelling and
/// dispatching at once. The thread sanitizer run of the suite checks the
/// locking; these tests check the rules that must hold whatever the
/// interleaving.
@Suite("Handlers: stress")
struct HandlerEngineStressTests {
    @Test("one-shot handlers run exactly once while many threads dispatch and register")
    func onceUnderContention() {
        let list = HandlerList<@Sendable () -> Void>()
        let runs = Probe()
        let rounds = 200
        var tokens: [CancellationToken] = []
        for _ in 0..<rounds {
            tokens.append(list.add({ runs.increment() }, options: .once))
        }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<rounds {
                list.forEach { $0() }
                if worker == 0, round % 10 == 0 {
                    // Registering and cancelling during the dispatches.
                    let extra = list.add {}
                    extra.cancel()
                }
            }
        }
        #expect(runs.count == rounds)
        #expect(list.isEmpty)
        // Each consumed one-shot handler's token now prevents nothing.
        #expect(tokens.allSatisfy { $0.cancel() == false })
    }

    @Test("a handler cancelled on one thread never runs in a dispatch that starts afterwards on another")
    func cancelThenDispatch() {
        let list = HandlerList<@Sendable () -> Void>()
        let lateRuns = Probe()
        let earlyRuns = Probe()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<300 {
                let cancelled = Probe()
                let token = list.add {
                    if cancelled.count > 0 { lateRuns.increment() } else { earlyRuns.increment() }
                }
                list.forEach { $0() }
                token.cancel()
                cancelled.increment()
                list.forEach { $0() }
            }
        }
        // Every handler ran at least in its own dispatch before its cancel.
        #expect(earlyRuns.count >= 1_200)
        // Another thread's dispatch may already be past a handler's check when
        // it is cancelled; but this thread's own dispatch after `cancel()`
        // returned must never see it, and a handler's own flag is only set after
        // its cancel returned, so a late run can only come from a dispatch that
        // began before the cancel: none may exceed the other threads' overlap.
        #expect(lateRuns.count <= earlyRuns.count)
        #expect(list.isEmpty)
    }

    @Test("proxy closures added and removed on many threads while messages are sent keep the order rules")
    func proxyUnderContention() {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let calls = Probe()
        let permanent = proxy.after(TransferProxy.selectors.didProgress) { _ in calls.increment() }
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for _ in 0..<200 {
                if worker % 2 == 0 {
                    let token = proxy.before(TransferProxy.selectors.didProgress) { _ in }
                    token.cancel()
                } else {
                    owner.delegate?.transfer(Transfer(), didProgress: 0.5)
                }
            }
        }
        // Only the three sending workers sent; the permanent after closure saw
        // every message, whatever was registered and removed meanwhile.
        #expect(calls.count == 600)
        withExtendedLifetime(permanent) {}
    }
}
