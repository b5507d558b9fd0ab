import ClosureKit
import Testing

/// The forwarding mistakes a debug build catches at a method's first run.
/// Serialized: the tests replace the one process-wide reporter.
@Suite("DelegateProxy: declarations checked at the first message", .serialized)
struct DelegateProxyDeclarationTests {
    /// Runs `body` with the reporter replaced; returns what it reported.
    private func reports(_ body: () -> Void) -> [String] {
        let log = DelegateProxyTestLog()
        let previous = ForwardingCheck.setReporter { log.append($0) }
        defer { ForwardingCheck.setReporter(previous) }
        body()
        return log.all
    }

    @Test("a selector pasted into another method is reported, naming both methods, once")
    func selectorFromWrongMethod() {
        let proxy = MistakenProxy()
        let messages = reports {
            // b(_:)'s own selector is declared: the pasted forward is named as such.
            #expect(proxy.a(1) == 1)
            #expect(proxy.b(2) == 2)
            #expect(proxy.b(3) == 3)
        }
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("MistakenProxy.b(_:) forwards the selector a(_:)"))
        #expect(message.contains("b(_:) has its own selector, b(_:)"))
    }

    @Test("a selector whose name is not its method's is reported, naming both")
    func misspelledName() {
        let proxy = MistakenProxy()
        let messages = reports {
            proxy.c()
            proxy.c()
        }
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("MistakenProxy.c() forwards the selector named cc()"))
        #expect(message.contains("Rename the selector \"c()\""))
    }

    @Test("a correctly declared proxy reports nothing, and messages still answer after a report")
    func correctProxyReportsNothing() {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let messages = reports {
            TransferProxy.sendEveryMessage(to: proxy)
            _ = owner.title()
        }
        #expect(messages.isEmpty)
        #expect(TransferProxy.declaredSelectors.contains(TransferProxy.selectors.priority.erased))
    }

    @Test("in a debug build a forwarding mistake stops the program with its message")
    func mistakeStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            MistakenProxy().c()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("MistakenProxy.c() forwards the selector named cc()"))
    }
}

private protocol MistakenDelegate: AnyObject {
    func a(_ value: Int) -> Int
    func b(_ value: Int) -> Int
    func c()
}

/// A proxy with the two mistakes: `b(_:)` forwards `a`'s selector (pasted),
/// and `c()`'s selector is named `"cc()"`.
private final class MistakenProxy: DelegateProxy<any MistakenDelegate>, MistakenDelegate, SelectorDeclaring {
    struct Selectors {
        let a = MethodSelector<Int, Int>("a(_:)")
        let b = MethodSelector<Int, Int>("b(_:)")
        let c = MethodSelector<Void, Void>("cc()")
    }
    static let selectors = Selectors()

    func a(_ value: Int) -> Int {
        forward(Self.selectors.a, value, default: value) { $0.a($1) }
    }
    func b(_ value: Int) -> Int {
        forward(Self.selectors.a, value, default: value) { $0.a($1) }
    }
    func c() {
        forward(Self.selectors.c, ()) { delegate, _ in delegate.c() }
    }
}
