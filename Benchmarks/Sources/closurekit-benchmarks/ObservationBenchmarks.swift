import ClosureKit
import Foundation
import Observation
import OpenCombine

// Key-path observation: one write of an observed property with 1 and 10
// observers, against what a user would write instead: a `didSet` that calls an
// array of closures, OpenCombine's `@Published` with sinks, and Swift
// Observation's `withObservationTracking` re-armed after each change. Every
// observer does the same work: it adds the new value to a counter.

private final class Counter {
    var value = 0
}

private final class OursModel: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var value = 0
}

private final class DidSetModel {
    var observers: [(Int, Int) -> Void] = []
    var value = 0 {
        didSet {
            for observer in observers { observer(oldValue, value) }
        }
    }
}

private final class PublishedModel {
    @OpenCombine.Published var value = 0
}

@Observable
private final class TrackedModel {
    var value = 0
}

/// Re-arms `withObservationTracking` on `model.value` each time it fires.
private func arm(_ model: TrackedModel, _ counter: Counter) {
    withObservationTracking {
        _ = model.value
    } onChange: { [unowned model, unowned counter] in
        // Fires before the set; the new value is read by the next arming,
        // which runs after the set (see the measured loop).
        counter.value &+= 1
        _ = model
    }
}

let observationSuite = Suite(capability: "observation") {
    let n = 100_000
    // More repetitions than the default, for every case alike: the machines
    // these run on are shared, and the minimum needs enough tries to find a
    // quiet moment.
    let repetitions = 31
    let counter = Counter()
    var rows: [Row] = []

    // The price of opting in: a write that nobody observes.
    let unobserved = OursModel()
    let unobservedTime = measure(operations: n, repetitions: repetitions) { n in
        let model = opaque(unobserved)
        for index in 0..<n { model.value = index }
    }
    let bare = DidSetModel()
    let bareTime = measure(operations: n, repetitions: repetitions) { n in
        let model = opaque(bare)
        for index in 0..<n { model.value = index }
    }
    rows.append(Row(capability: "observation", name: "write, no observer", metric: "ns/op",
                    ours: unobservedTime, peer: "didSet, empty closure array", peerValue: bareTime,
                    target: nil))

    for observers in [1, 10] {
        let label = observers == 1 ? "1 observer" : "\(observers) observers"

        let ours = OursModel()
        var tokens: [CancellationToken] = []
        for _ in 0..<observers {
            ours.observe(\.value, options: [.old, .new]) { _, change in
                counter.value &+= change.newValue!
            }.store(in: &tokens)
        }
        let oursTime = measure(operations: n, repetitions: repetitions) { n in
            let model = opaque(ours)
            for index in 0..<n { model.value = index }
        }

        let didSet = DidSetModel()
        for _ in 0..<observers {
            didSet.observers.append { _, new in counter.value &+= new }
        }
        let didSetTime = measure(operations: n, repetitions: repetitions) { n in
            let model = opaque(didSet)
            for index in 0..<n { model.value = index }
        }

        let published = PublishedModel()
        var cancellables: [AnyCancellable] = []
        for _ in 0..<observers {
            published.$value.sink { new in counter.value &+= new }.store(in: &cancellables)
        }
        let publishedTime = measure(operations: n / 4, repetitions: repetitions) { n in
            let model = opaque(published)
            for index in 0..<n { model.value = index }
        }

        let tracked = TrackedModel()
        let trackedTime = measure(operations: n / 20, repetitions: repetitions) { n in
            let model = opaque(tracked)
            for index in 0..<n {
                for _ in 0..<observers { arm(model, counter) }
                model.value = index
                for _ in 0..<observers { counter.value &+= model.value }
            }
        }

        rows.append(Row(capability: "observation", name: "write, \(label)", metric: "ns/op",
                        ours: oursTime, peer: "didSet calling closure array", peerValue: didSetTime,
                        target: .atMost(2)))
        rows.append(Row(capability: "observation", name: "write, \(label)", metric: "ns/op",
                        ours: oursTime, peer: "OpenCombine @Published + sink", peerValue: publishedTime,
                        target: observers == 1 ? .atMost(0.1) : nil))
        rows.append(Row(capability: "observation", name: "write, \(label)", metric: "ns/op",
                        ours: oursTime, peer: "withObservationTracking re-armed", peerValue: trackedTime,
                        target: .atMost(0.05)))
        withExtendedLifetime((tokens, cancellables)) {}
    }
    precondition(counter.value != 0, "observers did not run")
    blackHole(counter.value)
    return rows
}
