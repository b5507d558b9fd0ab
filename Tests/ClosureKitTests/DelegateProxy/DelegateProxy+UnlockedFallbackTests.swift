import Testing

@testable import ClosureKit

// A `DelegateProxy` (not `Sendable`, so confined to one region) sends a
// message of a selector that has never had a closure straight to its real
// delegate, reading it without the proxy's lock (`ProxyTable.route`). These
// tests pin that path at its edges: the real delegate replaced, removed or
// ended between messages, a closure registered before a message (also from
// inside the real delegate, during the unlocked message), the locked path
// once a closure was registered and cancelled (a selector the proxy does not
// declare: `DelegateProxyTableTests`). A `SendableDelegateProxy` keeps the lock:
// `DelegateProxyStressTests` replaces its real delegate while messages are
// sent.

/// A real delegate that logs what it is sent, and can run code from inside a
/// message.
private final class LoggingGaugeReader: GaugeDelegate {
    let name: String
    var log: [String] = []
    var onRead: (() -> Void)?

    init(_ name: String) { self.name = name }

    func gauge(_ gauge: Int, didRead value: Int) {
        log.append("\(name) read \(value)")
        onRead?()
    }
    func gaugeShouldReset(_ gauge: Int) -> Bool { true }
    func label(for gauge: Int) -> String { "\(name) \(gauge)" }
}

@Suite("DelegateProxy: a message with no closure, without the lock")
struct DelegateProxyUnlockedFallbackTests {
    @Test("a DelegateProxy's table is confined to its region; a SendableDelegateProxy's is not")
    func confinedTables() {
        #expect(GaugeProxy().table.confined)
        #expect(TransferProxy().table.confined == false)
    }

    @Test("each message reads the real delegate of the moment: replaced, removed, ended")
    func realDelegateChanges() {
        let proxy = GaugeProxy()
        #expect(proxy.label(for: 1) == "default")
        let first = LoggingGaugeReader("first")
        proxy.realDelegate = first
        #expect(proxy.label(for: 2) == "first 2")
        var second: LoggingGaugeReader? = LoggingGaugeReader("second")
        proxy.realDelegate = second
        #expect(proxy.label(for: 3) == "second 3")
        proxy.gauge(0, didRead: 4)
        #expect(second?.log == ["second read 4"])
        second = nil
        #expect(proxy.label(for: 5) == "default")
        proxy.realDelegate = first
        #expect(proxy.gaugeShouldReset(6) == true)
        proxy.realDelegate = nil
        #expect(proxy.gaugeShouldReset(7) == false)
        #expect(first.log.isEmpty)
    }

    @Test("a closure registered before a message answers it; cancelled, the real delegate answers again")
    func closureRegisteredBefore() {
        let proxy = GaugeProxy()
        let real = LoggingGaugeReader("real")
        proxy.realDelegate = real
        #expect(proxy.label(for: 1) == "real 1")
        let token = proxy.implement(GaugeProxy.selectors.label) { gauge in "closure \(gauge)" }
        #expect(proxy.label(for: 2) == "closure 2")
        #expect(token.cancel() == true)
        // The selector has had a closure: its messages take the locked path,
        // which sees a change of real delegate as well.
        #expect(proxy.label(for: 3) == "real 3")
        let other = LoggingGaugeReader("other")
        proxy.realDelegate = other
        #expect(proxy.label(for: 4) == "other 4")
        proxy.realDelegate = nil
        #expect(proxy.label(for: 5) == "default")
    }

    @Test("a closure of another selector leaves this one's messages with the real delegate")
    func otherSelectorsClosure() {
        let proxy = GaugeProxy()
        let real = LoggingGaugeReader("real")
        proxy.realDelegate = real
        let token = proxy.implement(GaugeProxy.selectors.label) { _ in "closure" }
        proxy.gauge(0, didRead: 1)
        #expect(proxy.gaugeShouldReset(2) == true)
        #expect(proxy.label(for: 3) == "closure")
        #expect(real.log == ["real read 1"])
        _ = token
    }

    @Test("a closure the real delegate registers during an unlocked message answers from the next message on")
    func registeredDuringMessage() {
        let proxy = GaugeProxy()
        let real = LoggingGaugeReader("real")
        proxy.realDelegate = real
        let log = DelegateProxyTestLog()
        var token: CancellationToken?
        real.onRead = {
            real.onRead = nil
            token = proxy.before(GaugeProxy.selectors.didRead) { invocation in
                log.append("before \(invocation.arguments.1)")
            }
        }
        proxy.gauge(0, didRead: 1)
        #expect(log.all.isEmpty)
        proxy.gauge(0, didRead: 2)
        #expect(log.all == ["before 2"])
        #expect(real.log == ["real read 1", "real read 2"])
        #expect(token?.cancel() == true)
        proxy.gauge(0, didRead: 3)
        #expect(log.all == ["before 2"])
    }
}
