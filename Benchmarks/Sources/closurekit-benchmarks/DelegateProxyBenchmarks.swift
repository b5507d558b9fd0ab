import ClosureKit
import Foundation

// Delegate proxies: one message through a proxy (instead-closure, realDelegate
// fallback, before + after hooks) against what users write by hand: a
// delegate object that calls a stored closure, a direct protocol call, a call
// through a weak delegate reference, a closure looked up by method name in a
// dictionary, and a NotificationCenter post with one observer.

private protocol TickDelegate: AnyObject {
    func ticker(_ ticker: Ticker, didTick count: Int)
}

private final class Ticker {}

private final class TickProxy: DelegateProxy<any TickDelegate>, TickDelegate, SelectorDeclaring {
    struct Selectors {
        let didTick = MethodSelector<(Ticker, Int), Void>("ticker(_:didTick:)")
    }
    static let selectors = Selectors()

    func ticker(_ ticker: Ticker, didTick count: Int) {
        forward(Self.selectors.didTick, ticker, count) { $0.ticker($1, didTick: $2) }
    }
}

/// The same proxy with 99 more selectors, so that closures can be registered
/// for 1, 10 or 100 selectors while one message is measured.
///
/// Its `didTick` is `TickProxy`'s, declared again: the scaling rows send the
/// same selector as the rows above. A proxy's selectors are the stored
/// properties of its `Selectors`, so the 99 others are written out.
private final class WideTickProxy: DelegateProxy<any TickDelegate>, TickDelegate, SelectorDeclaring {
    typealias Tick = MethodSelector<(Ticker, Int), Void>

    struct Selectors {
        let didTick = TickProxy.selectors.didTick
        let other1 = Tick("ticker(_:other1:)")
        let other2 = Tick("ticker(_:other2:)")
        let other3 = Tick("ticker(_:other3:)")
        let other4 = Tick("ticker(_:other4:)")
        let other5 = Tick("ticker(_:other5:)")
        let other6 = Tick("ticker(_:other6:)")
        let other7 = Tick("ticker(_:other7:)")
        let other8 = Tick("ticker(_:other8:)")
        let other9 = Tick("ticker(_:other9:)")
        let other10 = Tick("ticker(_:other10:)")
        let other11 = Tick("ticker(_:other11:)")
        let other12 = Tick("ticker(_:other12:)")
        let other13 = Tick("ticker(_:other13:)")
        let other14 = Tick("ticker(_:other14:)")
        let other15 = Tick("ticker(_:other15:)")
        let other16 = Tick("ticker(_:other16:)")
        let other17 = Tick("ticker(_:other17:)")
        let other18 = Tick("ticker(_:other18:)")
        let other19 = Tick("ticker(_:other19:)")
        let other20 = Tick("ticker(_:other20:)")
        let other21 = Tick("ticker(_:other21:)")
        let other22 = Tick("ticker(_:other22:)")
        let other23 = Tick("ticker(_:other23:)")
        let other24 = Tick("ticker(_:other24:)")
        let other25 = Tick("ticker(_:other25:)")
        let other26 = Tick("ticker(_:other26:)")
        let other27 = Tick("ticker(_:other27:)")
        let other28 = Tick("ticker(_:other28:)")
        let other29 = Tick("ticker(_:other29:)")
        let other30 = Tick("ticker(_:other30:)")
        let other31 = Tick("ticker(_:other31:)")
        let other32 = Tick("ticker(_:other32:)")
        let other33 = Tick("ticker(_:other33:)")
        let other34 = Tick("ticker(_:other34:)")
        let other35 = Tick("ticker(_:other35:)")
        let other36 = Tick("ticker(_:other36:)")
        let other37 = Tick("ticker(_:other37:)")
        let other38 = Tick("ticker(_:other38:)")
        let other39 = Tick("ticker(_:other39:)")
        let other40 = Tick("ticker(_:other40:)")
        let other41 = Tick("ticker(_:other41:)")
        let other42 = Tick("ticker(_:other42:)")
        let other43 = Tick("ticker(_:other43:)")
        let other44 = Tick("ticker(_:other44:)")
        let other45 = Tick("ticker(_:other45:)")
        let other46 = Tick("ticker(_:other46:)")
        let other47 = Tick("ticker(_:other47:)")
        let other48 = Tick("ticker(_:other48:)")
        let other49 = Tick("ticker(_:other49:)")
        let other50 = Tick("ticker(_:other50:)")
        let other51 = Tick("ticker(_:other51:)")
        let other52 = Tick("ticker(_:other52:)")
        let other53 = Tick("ticker(_:other53:)")
        let other54 = Tick("ticker(_:other54:)")
        let other55 = Tick("ticker(_:other55:)")
        let other56 = Tick("ticker(_:other56:)")
        let other57 = Tick("ticker(_:other57:)")
        let other58 = Tick("ticker(_:other58:)")
        let other59 = Tick("ticker(_:other59:)")
        let other60 = Tick("ticker(_:other60:)")
        let other61 = Tick("ticker(_:other61:)")
        let other62 = Tick("ticker(_:other62:)")
        let other63 = Tick("ticker(_:other63:)")
        let other64 = Tick("ticker(_:other64:)")
        let other65 = Tick("ticker(_:other65:)")
        let other66 = Tick("ticker(_:other66:)")
        let other67 = Tick("ticker(_:other67:)")
        let other68 = Tick("ticker(_:other68:)")
        let other69 = Tick("ticker(_:other69:)")
        let other70 = Tick("ticker(_:other70:)")
        let other71 = Tick("ticker(_:other71:)")
        let other72 = Tick("ticker(_:other72:)")
        let other73 = Tick("ticker(_:other73:)")
        let other74 = Tick("ticker(_:other74:)")
        let other75 = Tick("ticker(_:other75:)")
        let other76 = Tick("ticker(_:other76:)")
        let other77 = Tick("ticker(_:other77:)")
        let other78 = Tick("ticker(_:other78:)")
        let other79 = Tick("ticker(_:other79:)")
        let other80 = Tick("ticker(_:other80:)")
        let other81 = Tick("ticker(_:other81:)")
        let other82 = Tick("ticker(_:other82:)")
        let other83 = Tick("ticker(_:other83:)")
        let other84 = Tick("ticker(_:other84:)")
        let other85 = Tick("ticker(_:other85:)")
        let other86 = Tick("ticker(_:other86:)")
        let other87 = Tick("ticker(_:other87:)")
        let other88 = Tick("ticker(_:other88:)")
        let other89 = Tick("ticker(_:other89:)")
        let other90 = Tick("ticker(_:other90:)")
        let other91 = Tick("ticker(_:other91:)")
        let other92 = Tick("ticker(_:other92:)")
        let other93 = Tick("ticker(_:other93:)")
        let other94 = Tick("ticker(_:other94:)")
        let other95 = Tick("ticker(_:other95:)")
        let other96 = Tick("ticker(_:other96:)")
        let other97 = Tick("ticker(_:other97:)")
        let other98 = Tick("ticker(_:other98:)")
        let other99 = Tick("ticker(_:other99:)")
    }
    static let selectors = Selectors()

    /// The 99 selectors other than `didTick`, in declaration order.
    static let others = Mirror(reflecting: selectors).children.compactMap { $0.value as? Tick }.filter {
        $0 != selectors.didTick
    }

    func ticker(_ ticker: Ticker, didTick count: Int) {
        forward(Self.selectors.didTick, ticker, count) { $0.ticker($1, didTick: $2) }
    }
}

/// The real delegate: adds the count.
private final class Counter: TickDelegate, @unchecked Sendable {
    var total = 0
    func ticker(_ ticker: Ticker, didTick count: Int) { total &+= count }
}

/// The hand-written closure delegate users write without a library.
private final class ClosureTickDelegate: TickDelegate {
    var onTick: ((Ticker, Int) -> Void)?
    func ticker(_ ticker: Ticker, didTick count: Int) { onTick?(ticker, count) }
}

/// The hand-written closure delegate whose closure may be set and cleared
/// from any thread while messages arrive, as a proxy's closures are (a
/// token cancels from any thread): the closure is read under a lock.
private final class LockedClosureTickDelegate: TickDelegate, @unchecked Sendable {
    private let lock = PeerLock()
    private var storedOnTick: (@Sendable (Ticker, Int) -> Void)?

    var onTick: (@Sendable (Ticker, Int) -> Void)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedOnTick
        }
        set {
            lock.lock()
            let old = storedOnTick
            storedOnTick = newValue
            lock.unlock()
            _ = old // released after unlocking
        }
    }

    func ticker(_ ticker: Ticker, didTick count: Int) { onTick?(ticker, count) }
}

/// The hand-written forwarder users write without a library: calls through a
/// weak delegate reference.
private final class WeakForwarder: TickDelegate {
    weak var real: (any TickDelegate)?
    func ticker(_ ticker: Ticker, didTick count: Int) { real?.ticker(ticker, didTick: count) }
}

/// A delegating object with a weak delegate, as frameworks have.
private final class WeakHolder {
    weak var delegate: (any TickDelegate)?
}

/// Closures looked up by method name, as a string-keyed dynamic delegate does.
private final class NamedClosureTable {
    var closures: [String: (Any) -> Void] = [:]
    func send(_ name: String, _ arguments: Any) { closures[name]?(arguments) }
}

private final class Sink: @unchecked Sendable { var total = 0 }

/// The main proxy cases, shared with the callgrind driver.
func delegateProxyCases() -> [(name: String, body: (Int) -> Void)] {
    let ticker = Ticker()
    let sink = Sink()
    let counter = Counter()

    let insteadHolder = WeakHolder()
    let insteadProxy = TickProxy.proxy(for: insteadHolder, delegate: \.delegate)
    let insteadToken = insteadProxy.implement(TickProxy.selectors.didTick) { _, count in sink.total &+= count }

    let fallbackHolder = WeakHolder()
    fallbackHolder.delegate = counter
    let fallbackProxy = TickProxy.proxy(for: fallbackHolder, delegate: \.delegate)

    let hookedHolder = WeakHolder()
    hookedHolder.delegate = counter
    let hookedProxy = TickProxy.proxy(for: hookedHolder, delegate: \.delegate)
    let hookTokens = [
        hookedProxy.before(TickProxy.selectors.didTick) { invocation in sink.total &+= invocation.arguments.1 },
        hookedProxy.after(TickProxy.selectors.didTick) { _ in sink.total &+= 1 },
    ]

    let closureDelegate = ClosureTickDelegate()
    closureDelegate.onTick = { _, count in sink.total &+= count }
    let lockedDelegate = LockedClosureTickDelegate()
    lockedDelegate.onTick = { _, count in sink.total &+= count }
    let forwarder = WeakForwarder()
    forwarder.real = counter

    let keep: [AnyObject] =
        [
            insteadHolder, insteadProxy, insteadToken, fallbackHolder, fallbackProxy, hookedHolder,
            hookedProxy, counter, sink,
        ] + hookTokens
    func send(_ delegate: any TickDelegate) -> (Int) -> Void {
        { n in
            let delegate = opaque(delegate)
            for i in 0..<n { delegate.ticker(ticker, didTick: i) }
            blackHole(keep)
        }
    }
    return [
        ("proxy.instead", send(insteadProxy)),
        ("proxy.fallback", send(fallbackProxy)),
        ("proxy.before-after", send(hookedProxy)),
        ("proxy.peer.closure-delegate", send(closureDelegate)),
        ("proxy.peer.weak-forwarder", send(forwarder)),
        ("proxy.peer.locked-closure-delegate", send(lockedDelegate)),
        ("proxy.peer.direct", send(counter)),
    ]
}

let delegateProxySuite = Suite(capability: "delegate proxy") {
    let n = 200_000
    let ticker = Ticker()
    let sink = Sink()
    let cases = delegateProxyCases()

    let table = NamedClosureTable()
    table.closures["ticker(_:didTick:)"] = { arguments in
        if let (_, count) = arguments as? (Ticker, Int) { sink.total &+= count }
    }
    let byNameCase: Case = (
        n / 4,
        { n in
            let table = opaque(table)
            for i in 0..<n { table.send("ticker(_:didTick:)", (ticker, i)) }
        }
    )

    let center = NotificationCenter()
    let name = Notification.Name("tick")
    let observer = center.addObserver(forName: name, object: nil, queue: nil) { note in
        sink.total &+= (note.userInfo?["count"] as? Int) ?? 0
    }
    let notificationCase: Case = (
        n / 20,
        { n in
            for i in 0..<n { center.post(name: name, object: ticker, userInfo: ["count": i]) }
        }
    )

    // Looked up by name, so that a case added to `delegateProxyCases()`
    // never shifts another row's figures.
    let measured = interleave(cases.map { (n, $0.body) } + [byNameCase, notificationCase])
    let named = Dictionary(uniqueKeysWithValues: zip(cases.map(\.name), measured))
    let (instead, fallback, hooked, handWritten) = (
        named["proxy.instead"]!, named["proxy.fallback"]!, named["proxy.before-after"]!,
        named["proxy.peer.closure-delegate"]!
    )
    let (weakCall, lockedDelegate, direct) = (
        named["proxy.peer.weak-forwarder"]!, named["proxy.peer.locked-closure-delegate"]!, named["proxy.peer.direct"]!
    )
    let (byName, notification) = (measured[cases.count], measured[cases.count + 1])
    let handWrittenCase = cases.first { $0.name == "proxy.peer.closure-delegate" }!.body
    center.removeObserver(observer)

    let capability = "delegate proxy"
    var rows = [
        Row(
            capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "hand-written delegate + stored closure", peerValue: handWritten,
            target: .atMost(1.6)),
        Row(
            capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "hand-written delegate + stored closure read under a lock", peerValue: lockedDelegate,
            target: nil),
        Row(
            capability: capability, name: "realDelegate fallback", metric: "ns/msg",
            ours: fallback, peer: "hand-written forwarder, weak reference", peerValue: weakCall, target: .atMost(1.1)),
        Row(
            capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "NotificationCenter post, arguments in userInfo", peerValue: notification,
            target: .atMost(0.1)),
        Row(
            capability: capability, name: "realDelegate fallback", metric: "ns/msg",
            ours: fallback, peer: "NotificationCenter post, arguments in userInfo", peerValue: notification,
            target: .atMost(0.1)),
        Row(
            capability: capability, name: "before + after hooks", metric: "ns/msg",
            ours: hooked, peer: "hand-written forwarder, weak reference", peerValue: weakCall, target: nil),
        Row(
            capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "direct protocol call", peerValue: direct, target: nil),
        Row(
            capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "closure by name in a dictionary", peerValue: byName, target: nil),
    ]

    // Scaling: one message, with closures registered for 1, 10 and 100 of the
    // proxy's selectors.
    for registered in [1, 10, 100] {
        let holder = WeakHolder()
        let proxy = WideTickProxy.proxy(for: holder, delegate: \.delegate)
        var tokens = [proxy.implement(WideTickProxy.selectors.didTick) { _, count in sink.total &+= count }]
        for selector in WideTickProxy.others.prefix(registered - 1) {
            tokens.append(proxy.implement(selector) { _, count in sink.total &+= count })
        }
        let results = interleave(
            rounds: 11,
            [
                (
                    n,
                    { n in
                        let delegate = opaque(proxy as any TickDelegate)
                        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
                    }
                ),
                (n, handWrittenCase),
            ])
        rows.append(
            Row(
                capability: capability,
                name: "scaling: instead-closure, \(registered) selector\(registered == 1 ? "" : "s") with closures",
                metric: "ns/msg", ours: results[0], peer: "hand-written delegate + stored closure",
                peerValue: results[1], target: nil))
        withExtendedLifetime((holder, tokens)) {}
    }
    blackHole(sink.total)
    return rows
}
