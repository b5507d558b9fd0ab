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

    @Test("a second selector with a declared name is not answered, and registering a closure for it traps naming it")
    func undeclaredSelector() async {
        let proxy = TransferProxy()
        #expect(proxy.responds(to: TransferProxy.title) == false)
        let foreign = MethodSelector<Transfer, String>("title(for:)")
        #expect(proxy.responds(to: foreign) == false)
        // The declared selector of the same name is answered once a closure is set.
        let token = proxy.implement(TransferProxy.title) { _ in "x" }
        #expect(proxy.responds(to: TransferProxy.title))
        #expect(proxy.responds(to: foreign) == false)
        withExtendedLifetime(token) {}
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let proxy = TransferProxy()
            _ = proxy.responds(to: TransferProxy.title)
            // Another selector with the same name: a computed `static var` makes one on each access.
            let foreign = MethodSelector<Transfer, String>("title(for:)")
            _ = proxy.implement(foreign) { _ in "x" }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("TransferProxy: another selector named title(for:) is already one of the protocol's"))
        #expect(message.contains("computed `static var`"))
    }

    @Test("a selector first used with another protocol's proxy is not answered, and registering it traps naming both")
    func otherProtocolsSelector() async {
        let beacon = BeaconProxy()
        #expect(beacon.responds(to: BeaconProxy.title) == false)
        let proxy = TransferProxy()
        let real = RecordingTransferDelegate()
        proxy.realDelegate = real
        #expect(proxy.responds(to: BeaconProxy.title) == false)
        #expect(proxy.responds(to: TransferProxy.title))
        withExtendedLifetime(real) {}
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BeaconProxy().responds(to: BeaconProxy.title)
            _ = TransferProxy().implement(BeaconProxy.title) { _ in "x" }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("TransferProxy: the selector title(for:) was first used with a proxy for"))
        #expect(message.contains("BeaconDelegate"))
    }
}

/// A second protocol with a method of the same name as one of TransferDelegate's.
private protocol BeaconDelegate: AnyObject {
    func title(for transfer: Transfer) -> String
}

private final class BeaconProxy: DelegateProxy<any BeaconDelegate>, BeaconDelegate, @unchecked Sendable {
    static let title = MethodSelector<Transfer, String>("title(for:)")

    func title(for transfer: Transfer) -> String {
        forward(Self.title, transfer, default: "beacon") { $0.title(for: $1) }
    }
}
