import Testing

@testable import ClosureKit

/// A protocol of this file's own, with a proxy whose three selectors are
/// declared in one `Selectors` value.
protocol GaugeDelegate: AnyObject {
    func gauge(_ gauge: Int, didRead value: Int)
    func gaugeShouldReset(_ gauge: Int) -> Bool
    func label(for gauge: Int) -> String
}

final class GaugeProxy: DelegateProxy<any GaugeDelegate>, GaugeDelegate, SelectorDeclaring {
    struct Selectors {
        let didRead = MethodSelector<(Int, Int), Void>("gauge(_:didRead:)")
        let shouldReset = MethodSelector<Int, Bool>("gaugeShouldReset(_:)")
        let label = MethodSelector<Int, String>("label(for:)")
    }
    static let selectors = Selectors()

    func gauge(_ gauge: Int, didRead value: Int) {
        forward(Self.selectors.didRead, (gauge, value)) { $0.gauge($1.0, didRead: $1.1) }
    }
    func gaugeShouldReset(_ gauge: Int) -> Bool {
        forward(Self.selectors.shouldReset, gauge, default: false) { $0.gaugeShouldReset($1) }
    }
    func label(for gauge: Int) -> String {
        forward(Self.selectors.label, gauge, default: "default") { $0.label(for: $1) }
    }

    /// Forwards a selector the proxy does not declare, from a method named
    /// after it: what a release build does with a selector pasted from
    /// another proxy, which it does not check.
    func label(foreign selector: MethodSelector<Int, String>, _ gauge: Int) -> String {
        forward(selector, gauge, default: "default", function: "label(for:)") { $0.label(for: $1) }
    }
}

final class GaugeReader: GaugeDelegate {
    func gauge(_ gauge: Int, didRead value: Int) {}
    func gaugeShouldReset(_ gauge: Int) -> Bool { true }
    func label(for gauge: Int) -> String { "real \(gauge)" }
}

/// A proxy's closure table spans its own declaration: its size does not
/// depend on how many selectors the rest of the process declares.
@Suite("DelegateProxy: a proxy's table spans its own declaration")
struct DelegateProxyTableTests {
    @Test("the table has one slot per declared selector, however many selectors the process makes before and after")
    func tableSpansTheDeclaration() {
        let before = (0..<5_000).map { MethodSelector<Int, Void>("unrelated\($0)(_:)") }
        let proxy = GaugeProxy()
        let after = (0..<5_000).map { MethodSelector<Int, Void>("unrelated\($0)(_:)") }
        let later = GaugeProxy()
        let declaration = ProxyDeclarations.declaration(of: GaugeProxy.self)
        // Three, unless another test made selectors on another thread while
        // `Selectors()` ran, which can only widen the span a little.
        #expect(declaration.span >= 3 && declaration.span < 1_000)
        #expect(proxy.table.slotCount == declaration.span)
        #expect(later.table.slotCount == declaration.span)
        #expect(declaration.base == GaugeProxy.declaredSelectors.map(\.id).min())
        withExtendedLifetime((before, after)) {}
    }

    @Test("in a fresh process, a proxy's table has exactly its three slots, with 20,000 selectors around it")
    func exactSpanInAFreshProcess() async {
        await #expect(processExitsWith: .success) {
            let before = (0..<10_000).map { MethodSelector<Int, Void>("unrelated\($0)(_:)") }
            let proxy = GaugeProxy()
            let after = (0..<10_000).map { MethodSelector<Int, Void>("unrelated\($0)(_:)") }
            guard proxy.table.slotCount == 3, GaugeProxy().table.slotCount == 3 else { fatalError("step 1") }
            // Closures and messages work with ids far from zero.
            let reader = GaugeReader()
            proxy.realDelegate = reader
            let token = proxy.implement(GaugeProxy.selectors.label) { "closure \($0)" }
            guard proxy.label(for: 7) == "closure 7", proxy.gaugeShouldReset(1) else { fatalError("step 2") }
            guard proxy.table.slotCount == 3 else { fatalError("step 3") }
            withExtendedLifetime((before, after, token, reader)) {}
        }
    }

    @Test("a selector that is not the proxy's, forwarded unchecked, finds no closure: the real delegate or the default")
    func foreignSelectorGoesToTheRealDelegate() async {
        await #expect(processExitsWith: .success) {
            // Release builds do not check forwarding; this one reports and goes on.
            ForwardingCheck.setReporter { _ in }
            let below = MethodSelector<Int, String>("label(for:)")
            let proxy = GaugeProxy()
            let above = MethodSelector<Int, String>("label(for:)")
            let token = proxy.implement(GaugeProxy.selectors.label) { _ in "closure" }
            // Without a real delegate, the default; with one, its answer.
            guard proxy.label(foreign: below, 1) == "default", proxy.label(foreign: above, 1) == "default" else {
                fatalError("step 1")
            }
            let reader = GaugeReader()
            proxy.realDelegate = reader
            guard proxy.label(foreign: below, 2) == "real 2", proxy.label(foreign: above, 3) == "real 3" else {
                fatalError("step 2")
            }
            // The proxy's own selector still finds its closure; nothing grew.
            guard proxy.label(for: 4) == "closure", proxy.table.slotCount == 3 else { fatalError("step 3") }
            guard !proxy.hasHandlers(for: below), !proxy.hasHandlers(for: above.erased) else { fatalError("step 4") }
            withExtendedLifetime((token, reader)) {}
        }
    }

    @Test("hasHandlers(for:) answers for an erased selector as for the typed one")
    func hasHandlersErased() {
        let proxy = GaugeProxy()
        let erased = GaugeProxy.selectors.didRead.erased
        #expect(!proxy.hasHandlers(for: erased))
        let token = proxy.after(GaugeProxy.selectors.didRead) { _ in }
        #expect(proxy.hasHandlers(for: erased))
        #expect(!proxy.hasHandlers(for: GaugeProxy.selectors.label.erased))
        #expect(token.cancel())
        #expect(!proxy.hasHandlers(for: erased))
        // A selector the proxy does not declare has none.
        #expect(!proxy.hasHandlers(for: MethodSelector<(Int, Int), Void>("gauge(_:didRead:)").erased))
    }
}
