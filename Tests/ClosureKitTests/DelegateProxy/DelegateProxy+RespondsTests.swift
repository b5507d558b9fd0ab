import ClosureKit
import Testing

@Suite("DelegateProxy: responds(to:)")
struct DelegateProxyRespondsTests {
    @Test("a proxy with neither closure nor real delegate responds to nothing")
    func respondsToNothing() {
        let proxy = TransferProxy()
        #expect(proxy.responds(to: TransferProxy.selectors.title) == false)
        #expect(proxy.responds(to: "title(for:)") == false)
    }

    @Test("a closure for a selector makes the proxy respond to that selector only")
    func closureMakesItRespond() {
        let proxy = TransferProxy()
        let token = proxy.implement(TransferProxy.selectors.title) { _ in "x" }
        #expect(proxy.responds(to: TransferProxy.selectors.title))
        #expect(proxy.responds(to: "title(for:)"))
        #expect(proxy.responds(to: TransferProxy.selectors.priority) == false)
        token.cancel()
        #expect(proxy.responds(to: TransferProxy.selectors.title) == false)
        let hook = proxy.after(TransferProxy.selectors.priority) { _ in }
        #expect(proxy.responds(to: TransferProxy.selectors.priority))
        withExtendedLifetime(hook) {}
    }

    @Test("a real delegate makes the proxy respond to every selector the protocol declares, and only those")
    func realDelegateMakesItRespond() {
        let proxy = TransferProxy()
        let real = RecordingTransferDelegate()
        proxy.realDelegate = real
        #expect(proxy.responds(to: TransferProxy.selectors.title))
        #expect(proxy.responds(to: TransferProxy.selectors.didProgress))
        let foreign = MethodSelector<Transfer, String>("title(for:)")
        #expect(proxy.responds(to: foreign) == false)
        // A typed selector of a method the protocol does not have.
        #expect(proxy.responds(to: MethodSelector<Transfer, Void>("widgetExtra(_:)")) == false)
        #expect(proxy.responds(to: "cancel(_:)") == false)
        proxy.realDelegate = nil
        #expect(proxy.responds(to: TransferProxy.selectors.title) == false)
    }

    @Test("a second selector with a declared name is not answered, and registering a closure for it traps naming it")
    func undeclaredSelector() async {
        let proxy = TransferProxy()
        #expect(proxy.responds(to: TransferProxy.selectors.title) == false)
        let foreign = MethodSelector<Transfer, String>("title(for:)")
        #expect(proxy.responds(to: foreign) == false)
        // The declared selector of the same name is answered once a closure is set.
        let token = proxy.implement(TransferProxy.selectors.title) { _ in "x" }
        #expect(proxy.responds(to: TransferProxy.selectors.title))
        #expect(proxy.responds(to: foreign) == false)
        withExtendedLifetime(token) {}
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Another selector with the same name: a computed `static var` makes one on each access.
            let foreign = MethodSelector<Transfer, String>("title(for:)")
            _ = TransferProxy().implement(foreign) { _ in "x" }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("TransferProxy: the selector title(for:) is not one of TransferProxy's methods ("))
        #expect(message.contains("it has the name of one of them but is another selector"))
    }

    @Test("another proxy's selector, or a made-up one, is not answered, and registering it traps naming the methods")
    func otherProtocolsSelector() async {
        let beacon = BeaconProxy()
        #expect(beacon.responds(to: BeaconProxy.selectors.title) == false)
        let proxy = TransferProxy()
        let real = RecordingTransferDelegate()
        proxy.realDelegate = real
        #expect(proxy.responds(to: BeaconProxy.selectors.title) == false)
        #expect(proxy.responds(to: TransferProxy.selectors.title))
        withExtendedLifetime(real) {}
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TransferProxy().implement(MethodSelector<Transfer, Void>("transferDidFinishEverything(_:)")) { _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "TransferProxy: the selector transferDidFinishEverything(_:) is not one of TransferProxy's methods "
                    + "(transfer(_:didProgress:), transferShouldStart(_:), transferShouldRetry(_:), priority(for:), "
                    + "title(for:)): a closure for it would never run"))
    }

    @Test("a proxy class that declares no selectors takes no closures, and says how to declare them")
    func undeclaredProxy() async {
        #expect(UndeclaredProxy.declaredSelectors.isEmpty)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = UndeclaredProxy().implement(MethodSelector<Transfer, String>("title(for:)")) { _ in "x" }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("UndeclaredProxy declares none. Adopt SelectorDeclaring"))
    }
}

/// A proxy that does not adopt `SelectorDeclaring`.
private final class UndeclaredProxy: DelegateProxy<any BeaconDelegate> {}

/// A second protocol with a method of the same name as one of TransferDelegate's.
private protocol BeaconDelegate: AnyObject {
    func title(for transfer: Transfer) -> String
}

private final class BeaconProxy: DelegateProxy<any BeaconDelegate>, BeaconDelegate, SelectorDeclaring {
    struct Selectors {
        let title = MethodSelector<Transfer, String>("title(for:)")
    }
    static let selectors = Selectors()

    func title(for transfer: Transfer) -> String {
        forward(Self.selectors.title, transfer, default: "beacon") { $0.title(for: $1) }
    }
}
