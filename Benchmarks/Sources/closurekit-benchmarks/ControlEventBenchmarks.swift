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

let controlEventSuite = Suite(capability: "control events") {
    var rows: [Row] = []
    let n = 200_000
    for handlerCount in [1, 10] {
        let counter = Counter()

        let button = Button()
        // A realistic control: other events have handlers too.
        var tokens = [button.addHandler(for: .valueChanged) { _ in counter.value &+= 1 }]
        for _ in 0..<handlerCount {
            tokens.append(button.addHandler(for: .touchUpInside) { _ in counter.value &+= 1 })
        }
        let ours = measure(operations: n) { n in
            let button = opaque(button)
            for _ in 0..<n { button.sendEvents(.touchUpInside) }
        }

        let arrayButton = ArrayButton()
        for _ in 0..<handlerCount {
            arrayButton.handlers.append { _ in counter.value &+= 1 }
        }
        let array = measure(operations: n) { n in
            let button = opaque(arrayButton)
            for _ in 0..<n { button.sendTouchUpInside() }
        }

        let center = NotificationCenter()
        let observers = (0..<handlerCount).map { _ in
            center.addObserver(forName: touchUpInside, object: arrayButton, queue: nil) { _ in counter.value &+= 1 }
        }
        let notifications = measure(operations: n / 10) { n in
            for _ in 0..<n { center.post(name: touchUpInside, object: arrayButton) }
        }
        for observer in observers { center.removeObserver(observer) }

        precondition(counter.value > 3 * n * handlerCount / 10, "handlers did not run")
        blackHole(tokens)
        blackHole(counter.value)

        let name = "send to \(handlerCount) handler\(handlerCount == 1 ? "" : "s")"
        rows.append(Row(capability: "control events", name: name, metric: "ns/op",
                        ours: ours, peer: "closure array", peerValue: array, target: .atMost(2.0)))
        rows.append(Row(capability: "control events", name: name, metric: "ns/op",
                        ours: ours, peer: "NotificationCenter", peerValue: notifications, target: .atMost(0.1)))
    }
    return rows
}
