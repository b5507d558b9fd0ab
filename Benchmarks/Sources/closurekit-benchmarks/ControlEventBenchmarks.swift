import ClosureKit
import Foundation

// Control events: one send reaching 1 and 10 handlers, against what users
// write instead: an array of closures the control calls in a loop (no lock,
// no tokens, no masks), and NotificationCenter with block observers.

private final class Counter: @unchecked Sendable {
    var value = 0
}

/// Ours: a control that adopts EventControl.
private final class Button: EventControl, @unchecked Sendable {
    let controlEventStorage = ControlEventStorage()
}

/// The hand-written alternative: an array of closures called in order.
private final class ArrayButton {
    var handlers: [(ArrayButton) -> Void] = []

    @inline(never)
    func sendTouchUpInside() {
        for handler in handlers { handler(self) }
    }
}

private let touchUpInside = Notification.Name("ClosureKitBenchmarks.touchUpInside")

/// One send reaching one handler, ours and the closure array, shared with the
/// callgrind driver.
///
/// Also with 10 handlers (their difference from 1, divided by 9, is the cost
/// per extra handler).
func controlEventCases() -> [(name: String, body: (Int) -> Void)] {
    let counter = Counter()
    var cases: [(name: String, body: (Int) -> Void)] = []
    for handlerCount in [1, 10] {
        let button = Button()
        var tokens = [button.addHandler(for: .valueChanged) { _ in counter.value &+= 1 }]
        for _ in 0..<handlerCount {
            tokens.append(button.addHandler(for: .touchUpInside) { _ in counter.value &+= 1 })
        }
        let arrayButton = ArrayButton()
        for _ in 0..<handlerCount {
            arrayButton.handlers.append { _ in counter.value &+= 1 }
        }
        cases.append(
            (
                "control-events.send-\(handlerCount)",
                { n in
                    let button = opaque(button)
                    for _ in 0..<n { button.sendEvents(.touchUpInside) }
                    blackHole(tokens)
                }
            ))
        cases.append(
            (
                "control-events.peer.closure-array-\(handlerCount)",
                { n in
                    let button = opaque(arrayButton)
                    for _ in 0..<n { button.sendTouchUpInside() }
                }
            ))
    }
    return cases
}

let controlEventSuite = Suite(capability: "control events") {
    let capability = "control events"
    var rows: [Row] = []
    var byCount: [Int: (ours: Measurement, array: Measurement)] = [:]
    for handlerCount in [1, 10, 100] {
        let counter = Counter()
        let notified = Counter()
        let n = 200_000 / handlerCount

        let button = Button()
        // A realistic control: other events have handlers too.
        var tokens = [button.addHandler(for: .valueChanged) { _ in counter.value &+= 1 }]
        for _ in 0..<handlerCount {
            tokens.append(button.addHandler(for: .touchUpInside) { _ in counter.value &+= 1 })
        }

        let arrayButton = ArrayButton()
        for _ in 0..<handlerCount {
            arrayButton.handlers.append { _ in counter.value &+= 1 }
        }

        let center = NotificationCenter()
        let observers =
            handlerCount > 10
            ? []
            : (0..<handlerCount).map { _ in
                center.addObserver(forName: touchUpInside, object: arrayButton, queue: nil) { _ in notified.value &+= 1
                }
            }

        var cases: [Case] = [
            (
                n,
                { n in
                    let button = opaque(button)
                    for _ in 0..<n { button.sendEvents(.touchUpInside) }
                }
            ),
            (
                n,
                { n in
                    let button = opaque(arrayButton)
                    for _ in 0..<n { button.sendTouchUpInside() }
                }
            ),
        ]
        if !observers.isEmpty {
            cases.append(
                (
                    n / 10,
                    { n in
                        for _ in 0..<n { center.post(name: touchUpInside, object: arrayButton) }
                    }
                ))
        }
        let results = interleave(cases)
        for observer in observers { center.removeObserver(observer) }

        precondition(counter.value > 0, "handlers did not run")
        precondition(observers.isEmpty || notified.value % handlerCount == 0, "every observer runs once per post")
        blackHole(tokens)

        let name = "send to \(handlerCount) handler\(handlerCount == 1 ? "" : "s")"
        byCount[handlerCount] = (results[0], results[1])
        if handlerCount <= 10 {
            rows.append(
                Row(
                    capability: capability, name: name, metric: "ns/op",
                    ours: results[0], peer: "closure array", peerValue: results[1], target: .atMost(2.0)))
            rows.append(
                Row(
                    capability: capability, name: name, metric: "ns/op",
                    ours: results[0], peer: "NotificationCenter", peerValue: results[2], target: .atMost(0.1)))
        }
        rows.append(
            Row(
                capability: capability, name: "scaling: \(name)", metric: "ns/op",
                ours: results[0], peer: "closure array", peerValue: results[1], target: nil))
    }
    let one = byCount[1]!
    let hundred = byCount[100]!
    rows.append(
        Row(
            capability: capability, name: "per extra handler (from 1 to 100 handlers)", metric: "ns/handler",
            ours: perExtra(one: one.ours, many: hundred.ours, oneCount: 1, manyCount: 100),
            peer: "closure array",
            peerValue: perExtra(one: one.array, many: hundred.array, oneCount: 1, manyCount: 100),
            target: .atMost(1.1)))
    return rows
}
