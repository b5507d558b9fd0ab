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
    override class var selectors: [AnyMethodSelector] { [didTick.erased] }

    func ticker(_ ticker: Ticker, didTick count: Int) {
        forward(Self.didTick, (ticker, count)) { $0.ticker(ticker, didTick: count) }
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

/// Measures several cases in turns, `rounds` times, and keeps each case's
/// best round: on a shared, noisy machine, a burst of load then hits every
/// case alike instead of skewing one ratio.
private func measureInTurns(rounds: Int = 3, _ cases: [(operations: Int, body: (Int) -> Void)]) -> [Measurement] {
    var best = [Measurement?](repeating: nil, count: cases.count)
    for _ in 0..<rounds {
        for (index, item) in cases.enumerated() {
            let measurement = measure(operations: item.operations, repetitions: 7, item.body)
            if best[index].map({ measurement.min < $0.min }) ?? true { best[index] = measurement }
        }
    }
    return best.map { $0! }
}

let delegateProxySuite = Suite(capability: "delegate proxy") {
    let n = 1_000_000
    let ticker = Ticker()

    // Ours: instead-closure.
    let sink = Sink()
    let insteadHolder = WeakHolder()
    let insteadProxy = TickProxy.proxy(for: insteadHolder, delegate: \.delegate)
    let insteadToken = insteadProxy.implement(TickProxy.didTick) { _, count in sink.total &+= count }
    let insteadCase: (operations: Int, body: (Int) -> Void) = (n, { n in
        let delegate = opaque(insteadProxy as any TickDelegate)
        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
    })

    // Ours: realDelegate fallback: the proxy, called as the delegate, passes
    // the message to the real delegate it holds weakly.
    let counter = Counter()
    let fallbackHolder = WeakHolder()
    fallbackHolder.delegate = counter
    let fallbackProxy = TickProxy.proxy(for: fallbackHolder, delegate: \.delegate)
    let fallbackCase: (operations: Int, body: (Int) -> Void) = (n, { n in
        let delegate = opaque(fallbackProxy as any TickDelegate)
        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
    })

    // Ours: one before-hook and one after-hook around the real delegate.
    let hookedHolder = WeakHolder()
    hookedHolder.delegate = counter
    let hookedProxy = TickProxy.proxy(for: hookedHolder, delegate: \.delegate)
    let beforeToken = hookedProxy.before(TickProxy.didTick) { invocation in sink.total &+= invocation.arguments.1 }
    let afterToken = hookedProxy.after(TickProxy.didTick) { invocation in sink.total &+= 1 }
    let hookedCase: (operations: Int, body: (Int) -> Void) = (n / 4, { n in
        let delegate = opaque(hookedProxy as any TickDelegate)
        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
    })

    // Peers.
    let closureDelegate = ClosureTickDelegate()
    closureDelegate.onTick = { _, count in sink.total &+= count }
    let handWrittenCase: (operations: Int, body: (Int) -> Void) = (n, { n in
        let delegate = opaque(closureDelegate as any TickDelegate)
        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
    })

    let directCase: (operations: Int, body: (Int) -> Void) = (n, { n in
        let delegate = opaque(counter as any TickDelegate)
        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
    })

    let forwarder = WeakForwarder()
    forwarder.real = counter
    let weakCallCase: (operations: Int, body: (Int) -> Void) = (n, { n in
        let delegate = opaque(forwarder as any TickDelegate)
        for i in 0..<n { delegate.ticker(ticker, didTick: i) }
    })

    let table = NamedClosureTable()
    table.closures["ticker(_:didTick:)"] = { arguments in
        if let (_, count) = arguments as? (Ticker, Int) { sink.total &+= count }
    }
    let byNameCase: (operations: Int, body: (Int) -> Void) = (n / 4, { n in
        let table = opaque(table)
        for i in 0..<n { table.send("ticker(_:didTick:)", (ticker, i)) }
    })

    let center = NotificationCenter()
    let name = Notification.Name("tick")
    let observer = center.addObserver(forName: name, object: nil, queue: nil) { note in
        sink.total &+= (note.userInfo?["count"] as? Int) ?? 0
    }
    let notificationCase: (operations: Int, body: (Int) -> Void) = (n / 20, { n in
        for i in 0..<n { center.post(name: name, object: ticker, userInfo: ["count": i]) }
    })

    let measured = measureInTurns([
        insteadCase, fallbackCase, hookedCase, handWrittenCase, directCase, weakCallCase, byNameCase,
        notificationCase,
    ])
    let (instead, fallback, hooked, handWritten, direct, weakCall, byName, notification) = (
        measured[0], measured[1], measured[2], measured[3], measured[4], measured[5], measured[6], measured[7]
    )
    center.removeObserver(observer)

    blackHole((insteadToken, beforeToken, afterToken, fallbackProxy, counter.total, sink.total))

    let capability = "delegate proxy"
    return [
        Row(capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "hand-written delegate + stored closure", peerValue: handWritten, target: .atMost(2)),
        Row(capability: capability, name: "realDelegate fallback", metric: "ns/msg",
            ours: fallback, peer: "hand-written call through weak delegate", peerValue: weakCall, target: .atMost(1.5)),
        Row(capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "NotificationCenter post", peerValue: notification, target: .atMost(0.1)),
        Row(capability: capability, name: "realDelegate fallback", metric: "ns/msg",
            ours: fallback, peer: "NotificationCenter post", peerValue: notification, target: .atMost(0.1)),
        Row(capability: capability, name: "before + after hooks", metric: "ns/msg",
            ours: hooked, peer: "hand-written call through weak delegate", peerValue: weakCall, target: nil),
        Row(capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "direct protocol call", peerValue: direct, target: nil),
        Row(capability: capability, name: "instead-closure", metric: "ns/msg",
            ours: instead, peer: "closure by name in a dictionary", peerValue: byName, target: nil),
    ]
}
