import ClosureKit
import Testing

@Suite("DelegateProxy")
struct DelegateProxyTests {
    @Test("an instead closure answers a message in place of the real delegate")
    func insteadClosure() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let log = DelegateProxyTestLog()
        let token = proxy.implement(TransferProxy.didProgress) { transfer, fraction in
            log.append("closure \(fraction)")
        }
        owner.progress(0.5)
        #expect(log.all == ["closure 0.5"])
        #expect(real.log.isEmpty)
        token.cancel()
        owner.progress(0.75)
        #expect(real.log == ["real progress 0.75"])
    }
}
