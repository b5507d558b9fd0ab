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

/// Measures the cases in turn, several rounds, so that the load of a shared
/// machine falls on all of them alike; keeps each case's best minimum and the
/// median of its medians.
private func measureInterleaved(
    rounds: Int = 4,
    _ cases: [(operations: Int, body: (Int) -> Void)]
) -> [Measurement] {
    var mins = Array(repeating: Double.infinity, count: cases.count)
    var medians = Array(repeating: [Double](), count: cases.count)
    for _ in 0..<rounds {
        for (index, item) in cases.enumerated() {
            let measurement = measure(operations: item.operations, repetitions: 5, item.body)
            mins[index] = min(mins[index], measurement.min)
            medians[index].append(measurement.median)
        }
    }
    return (0..<cases.count).map { index in
        Measurement(min: mins[index], median: summarize(medians[index]).median)
    }
}

let controlEventSuite = Suite(capability: "control events") {
    var rows: [Row] = []
    let n = 100_000
    for handlerCount in [1, 10] {
        let counter = Counter()
        let notified = Counter()

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
        let observers = (0..<handlerCount).map { _ in
            center.addObserver(forName: touchUpInside, object: arrayButton, queue: nil) { _ in notified.value &+= 1 }
        }

        let results = measureInterleaved([
            (n, { n in
                let button = opaque(button)
                for _ in 0..<n { button.sendEvents(.touchUpInside) }
            }),
            (n, { n in
                let button = opaque(arrayButton)
                for _ in 0..<n { button.sendTouchUpInside() }
            }),
            (n / 10, { n in
                for _ in 0..<n { center.post(name: touchUpInside, object: arrayButton) }
            }),
        ])
        for observer in observers { center.removeObserver(observer) }

        precondition(counter.value > 0 && notified.value > 0, "handlers did not run")
        precondition(notified.value % handlerCount == 0, "every observer runs once per post")
        blackHole(tokens)

        let (ours, array, notifications) = (results[0], results[1], results[2])
        let name = "send to \(handlerCount) handler\(handlerCount == 1 ? "" : "s")"
        rows.append(Row(capability: "control events", name: name, metric: "ns/op",
                        ours: ours, peer: "closure array", peerValue: array, target: .atMost(2.0)))
        rows.append(Row(capability: "control events", name: name, metric: "ns/op",
                        ours: ours, peer: "NotificationCenter", peerValue: notifications, target: .atMost(0.1)))
    }
    return rows
}
