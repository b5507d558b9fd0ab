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

/// A `GaugeDelegate` proxy whose `label` slot lies past the 64th: the
/// selectors made between `didRead` and `label` widen the declaration's span
/// without being declared (an array is not a selector). A message of the
/// first 64 slots tests the table's `coreBits` in the proxy's method; one past
/// them takes `ProxyTable.route(_:hasCore:)`.
private final class FarGaugeProxy: DelegateProxy<any GaugeDelegate>, GaugeDelegate, SelectorDeclaring {
    struct Selectors {
        let didRead = MethodSelector<(Int, Int), Void>("gauge(_:didRead:)")
        let spacers = (0..<80).map { MethodSelector<Int, Void>("spacer\($0)(_:)") }
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
}

@Suite("DelegateProxy: a message with no closure, without the lock")
struct DelegateProxyUnlockedFallbackTests {
    @Test("slots past the 64th route as the first ones: real delegate, closure, real delegate again")
    func slotsPastTheBits() {
        let proxy = FarGaugeProxy()
        let declaration = ProxyDeclarations.declaration(of: FarGaugeProxy.self)
        #expect(FarGaugeProxy.selectors.label.id - declaration.base >= 64)
        #expect(FarGaugeProxy.selectors.didRead.id - declaration.base < 64)
        #expect(proxy.label(for: 1) == "default")
        let reader = LoggingGaugeReader("real")
        proxy.realDelegate = reader
        #expect(proxy.label(for: 2) == "real 2")
        proxy.gauge(0, didRead: 3)
        let reads = DelegateProxyTestLog()
        let tokens = [
            proxy.implement(FarGaugeProxy.selectors.label) { "closure \($0)" },
            proxy.implement(FarGaugeProxy.selectors.didRead) { reads.append("\($0.1)") },
        ]
        #expect(proxy.label(for: 4) == "closure 4")
        proxy.gauge(0, didRead: 5)
        #expect(reads.all == ["5"])
        tokens.forEach { $0.cancel() }
        #expect(proxy.label(for: 6) == "real 6")
        proxy.gauge(0, didRead: 7)
        #expect(reads.all == ["5"])
        #expect(reader.log == ["real read 3", "real read 7"])
        #expect(proxy.gaugeShouldReset(8) == true)
    }

    @Test("a DelegateProxy's table is confined to its region; a SendableDelegateProxy's is not")
    func confinedTables() {
        #expect(GaugeProxy().table.confined)
        #expect(TransferProxy().table.confined == false)
    }

    // Selector ids are counted process-wide, and other suites' proxies may
    // declare theirs at the same time: of a proxy's ids only the first of
    // its declaration, its table's base, is sure to be in the first 64 slots.

    @Test("only a confined table tests its first 64 slots' bits; a SendableDelegateProxy's messages take the lock")
    func bitsOfConfinedTablesOnly() {
        let gauge = GaugeProxy()
        #expect(gauge.table.bitsSpan == 64)
        #expect(gauge.table.isFirst64(GaugeProxy.selectors.didRead.id))
        let transfer = TransferProxy()
        #expect(transfer.table.bitsSpan == 0)
        #expect(transfer.table.isFirst64(TransferProxy.selectors.didProgress.id) == false)
        #expect(transfer.table.isFirst64(TransferProxy.selectors.title.id) == false)
    }

    @Test("a closure registered on one of the first 64 slots sets its bit, and is reached through it")
    func closureSetsItsBit() {
        let proxy = GaugeProxy()
        let id = GaugeProxy.selectors.didRead.id
        #expect(proxy.table.isFirst64(id))
        #expect(proxy.table.hasCore(id) == false)
        let reads = DelegateProxyTestLog()
        let token = proxy.implement(GaugeProxy.selectors.didRead) { reads.append("closure \($0.1)") }
        #expect(proxy.table.hasCore(id))
        proxy.gauge(0, didRead: 1)
        #expect(reads.all == ["closure 1"])
        // A core never goes: the bit stays set once the closure is cancelled.
        #expect(token.cancel())
        #expect(proxy.table.hasCore(id))
        proxy.gauge(0, didRead: 2)
        #expect(reads.all == ["closure 1"])
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
