import ClosureKit
import Testing

@Suite("DelegateProxy: responds(to:)")
struct DelegateProxyRespondsTests {
    @Test("a proxy with neither closure nor real delegate responds to nothing")
    func respondsToNothing() {
        let proxy = TransferProxy()
        #expect(proxy.responds(to: TransferProxy.title) == false)
        #expect(proxy.responds(to: "title(for:)") == false)
    }

    @Test("a closure for a selector makes the proxy respond to that selector only")
    func closureMakesItRespond() {
        let proxy = TransferProxy()
        let token = proxy.implement(TransferProxy.title) { _ in "x" }
        #expect(proxy.responds(to: TransferProxy.title))
        #expect(proxy.responds(to: "title(for:)"))
        #expect(proxy.responds(to: TransferProxy.priority) == false)
        token.cancel()
        #expect(proxy.responds(to: TransferProxy.title) == false)
        let hook = proxy.after(TransferProxy.priority) { _ in }
        #expect(proxy.responds(to: TransferProxy.priority))
        withExtendedLifetime(hook) {}
    }

    @Test("a real delegate makes the proxy respond to every selector the protocol declares, and only those")
    func realDelegateMakesItRespond() {
        let proxy = TransferProxy()
        let real = RecordingTransferDelegate()
        proxy.realDelegate = real
        #expect(proxy.responds(to: TransferProxy.title))
        #expect(proxy.responds(to: TransferProxy.didProgress))
        let foreign = MethodSelector<Transfer, String>("title(for:)")
        #expect(proxy.responds(to: foreign) == false)
        #expect(proxy.responds(to: "cancel(_:)") == false)
        proxy.realDelegate = nil
        #expect(proxy.responds(to: TransferProxy.title) == false)
    }

    @Test("a closure for a selector the protocol does not declare does not make it respond")
    func undeclaredSelector() {
        let proxy = TransferProxy()
        let foreign = MethodSelector<Transfer, String>("title(for:)")
        let token = proxy.implement(foreign) { _ in "x" }
        #expect(proxy.responds(to: foreign) == false)
        #expect(proxy.hasClosures(for: foreign))
        withExtendedLifetime(token) {}
    }
}
