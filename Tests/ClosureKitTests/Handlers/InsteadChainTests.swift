import Testing

@testable import ClosureKit

// The instead chain (Handlers/InsteadChain.swift) as proxies and hook points
// run it: arguments changed by a link reach the next one, a link removed
// during a call is skipped without hiding the links inside it, and a proxy's
// one-shot closure answers once even when it is the only one.

extension HookPointSuites {
    @Suite("Instead chain")
    struct InsteadChainTests {
        @Test("each link's changed arguments reach the next link inward and, last, the original")
        func changedArgumentsTravelInward() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let oldest = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("oldest sees \(invocation.arguments)")
                return invocation.proceed(with: invocation.arguments + "!")
            }
            let newest = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("newest sees \(invocation.arguments)")
                return invocation.proceed(with: invocation.arguments.uppercased())
            }
            #expect(recorder.record("x") == 1)
            #expect(log.events == ["newest sees x", "oldest sees X", "original a X!"])
            #expect(recorder.entries == ["X!"])
            _ = (oldest, newest)
        }

        @Test("a link removed during the call is skipped; the links inside it and the original still run")
        func removedLinkIsSkipped() {
            let log = Probe()
            let recorder = Recorder("a", log: log)
            let oldest = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("oldest")
                return invocation.proceed()
            }
            let middle = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("middle")
                return invocation.proceed()
            }
            let newest = Recorder.hooks.record.instead(on: recorder) { _, invocation in
                log.record("newest")
                middle.cancel()
                return invocation.proceed()
            }
            #expect(recorder.record("x") == 1)
            #expect(log.events == ["newest", "oldest", "original a x"])
            _ = (oldest, newest)
        }
    }
}

@Suite("Instead chain: proxies")
struct ProxyInsteadChainTests {
    @Test("a one-shot closure that is a method's only closure answers once, then the real delegate does")
    func soleOneShotClosureAnswersOnce() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        owner.keepAlive = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let token = proxy.implement(TransferProxy.selectors.title, options: .once) { _ in "once" }
        #expect(owner.title() == "once")
        #expect(owner.title() == "real")
        #expect(owner.title() == "real")
        #expect(token.cancel() == false)
    }
}
