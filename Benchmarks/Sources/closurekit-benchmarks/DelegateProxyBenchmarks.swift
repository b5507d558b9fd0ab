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

private final class TickProxy: DelegateProxy<any TickDelegate>, TickDelegate, @unchecked Sendable {
    static let didTick = MethodSelector<(Ticker, Int), Void>("ticker(_:didTick:)")

    func ticker(_ ticker: Ticker, didTick count: Int) {
        forward(Self.didTick, (ticker, count)) { $0.ticker($1.0, didTick: $1.1) }
    }
}

/// The same proxy with 99 more selectors, so that closures can be registered
/// for 1, 10 or 100 selectors while one message is measured.
///
/// Its `didTick` is `TickProxy`'s: selectors belong to the protocol, and a
/// second selector of the same name would stop the program at its first use.
private final class WideTickProxy: DelegateProxy<any TickDelegate>, TickDelegate, @unchecked Sendable {
    static var didTick: MethodSelector<(Ticker, Int), Void> { TickProxy.didTick }
    static let others = (1..<100).map { MethodSelector<(Ticker, Int), Void>("ticker(_:other\($0):)") }

    func ticker(_ ticker: Ticker, didTick count: Int) {
        forward(Self.didTick, (ticker, count)) { $0.ticker($1.0, didTick: $1.1) }
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
    let insteadToken = insteadProxy.implement(TickProxy.didTick) { _, count in sink.total &+= count }

    let fallbackHolder = WeakHolder()
    fallbackHolder.delegate = counter
    let fallbackProxy = TickProxy.proxy(for: fallbackHolder, delegate: \.delegate)

    let hookedHolder = WeakHolder()
    hookedHolder.delegate = counter
    let hookedProxy = TickProxy.proxy(for: hookedHolder, delegate: \.delegate)
    let hookTokens = [
        hookedProxy.before(TickProxy.didTick) { invocation in sink.total &+= invocation.arguments.1 },
        hookedProxy.after(TickProxy.didTick) { _ in sink.total &+= 1 },
    ]

    let closureDelegate = ClosureTickDelegate()
    closureDelegate.onTick = { _, count in sink.total &+= count }
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

    let measured = interleave(cases.map { (n, $0.body) } + [byNameCase, notificationCase])
    let (instead, fallback, hooked, handWritten, weakCall, direct) = (
        measured[0], measured[1], measured[2], measured[3], measured[4], measured[5]
    )
    let (byName, notification) = (measured[6], measured[7])
    center.removeObserver(observer)

    let capability = "delegate proxy"
    var rows = [
        Row(
            capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "hand-written delegate + stored closure", peerValue: handWritten,
            target: .atMost(1.6)),
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
        var tokens = [proxy.implement(WideTickProxy.didTick) { _, count in sink.total &+= count }]
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
                (n, cases[3].body),
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
