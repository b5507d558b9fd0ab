import ClosureKit
import Foundation
import Observation
import OpenCombine

// Key-path observation: one write of an observed property with 1 and 10
// observers, against what a user would write instead: a `didSet` that calls an
// array of closures, OpenCombine's `@Published` with sinks, and Swift
// Observation's `withObservationTracking` re-armed after each change. Every
// observer does the same work: it adds the new value to a counter.

private final class Counter: @unchecked Sendable {
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

/// The `didSet` closure array as an observable property promises it: the
/// value may be read and set, and observers added and removed, from several
/// threads at once. The value and the array are read and written under a
/// lock; the observers are called after unlocking.
private final class LockedDidSetModel: @unchecked Sendable {
    private let lock = PeerLock()
    private var storedValue = 0
    private var observers: [@Sendable (Int, Int) -> Void] = []

    func observe(_ observer: @escaping @Sendable (Int, Int) -> Void) {
        lock.lock()
        observers.append(observer)
        lock.unlock()
    }

    var value: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedValue
        }
        set {
            lock.lock()
            let old = storedValue
            storedValue = newValue
            let observers = observers
            lock.unlock()
            for observer in observers { observer(old, newValue) }
        }
    }
}

private final class PublishedModel {
    @OpenCombine.Published var value = 0
}

@Observable
private final class TrackedModel: @unchecked Sendable {
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

/// A model for Observation's `Observations` sequence, which needs a
/// sendable model to capture.
@Observable
private final class SendableTrackedModel: @unchecked Sendable {
    var value = 0
}

private final class Handoff: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    var received = 0
}

/// One write with one observer, ours and the didSet closure array, shared
/// with the callgrind driver.
///
/// Also with no observer and with 10 (their difference from 1, divided by 9,
/// is the cost per extra observer).
func observationCases() -> [(name: String, body: (Int) -> Void)] {
    let counter = Counter()
    var cases: [(name: String, body: (Int) -> Void)] = []
    for observers in [1, 0, 10] {
        let ours = OursModel()
        var tokens: [CancellationToken] = []
        for _ in 0..<observers {
            ours.observe(\.value, options: [.old, .new]) { _, change in
                counter.value &+= change.newValue!
            }.store(in: &tokens)
        }
        let didSet = DidSetModel()
        for _ in 0..<observers {
            didSet.observers.append { _, new in counter.value &+= new }
        }
        let locked = LockedDidSetModel()
        for _ in 0..<observers {
            locked.observe { _, new in counter.value &+= new }
        }
        cases.append(
            (
                "observation.write-\(observers)",
                { n in
                    let model = opaque(ours)
                    for index in 0..<n { model.value = index }
                    blackHole(tokens)
                }
            ))
        cases.append(
            (
                "observation.peer.didset-array-\(observers)",
                { n in
                    let model = opaque(didSet)
                    for index in 0..<n { model.value = index }
                }
            ))
        cases.append(
            (
                "observation.peer.locked-didset-array-\(observers)",
                { n in
                    let model = opaque(locked)
                    for index in 0..<n { model.value = index }
                }
            ))
    }
    return cases
}

let observationSuite = Suite(capability: "observation") {
    let capability = "observation"
    let n = 100_000
    let counter = Counter()
    var rows: [Row] = []

    // The price of opting in: a write that nobody observes.
    let unobserved = OursModel()
    let bare = DidSetModel()
    let empty = interleave([
        (
            n,
            { n in
                let model = opaque(unobserved)
                for index in 0..<n { model.value = index }
            }
        ),
        (
            n,
            { n in
                let model = opaque(bare)
                for index in 0..<n { model.value = index }
            }
        ),
    ])
    rows.append(
        Row(
            capability: capability, name: "write, no observer", metric: "ns/op",
            ours: empty[0], peer: "didSet, empty closure array", peerValue: empty[1], target: nil))

    var byCount: [Int: (ours: Measurement, array: Measurement)] = [:]
    for observers in [1, 10, 100] {
        let label = observers == 1 ? "1 observer" : "\(observers) observers"
        let ops = max(1_000, n / observers)

        let ours = OursModel()
        var tokens: [CancellationToken] = []
        for _ in 0..<observers {
            ours.observe(\.value, options: [.old, .new]) { _, change in
                counter.value &+= change.newValue!
            }.store(in: &tokens)
        }
        let didSet = DidSetModel()
        for _ in 0..<observers {
            didSet.observers.append { _, new in counter.value &+= new }
        }
        var cases: [Case] = [
            (
                ops,
                { n in
                    let model = opaque(ours)
                    for index in 0..<n { model.value = index }
                }
            ),
            (
                ops,
                { n in
                    let model = opaque(didSet)
                    for index in 0..<n { model.value = index }
                }
            ),
        ]
        let published = PublishedModel()
        var cancellables: [AnyCancellable] = []
        let tracked = TrackedModel()
        if observers <= 10 {
            for _ in 0..<observers {
                published.$value.sink { new in counter.value &+= new }.store(in: &cancellables)
            }
            cases.append(
                (
                    ops / 4,
                    { n in
                        let model = opaque(published)
                        for index in 0..<n { model.value = index }
                    }
                ))
            cases.append(
                (
                    ops / 20,
                    { n in
                        let model = opaque(tracked)
                        for index in 0..<n {
                            for _ in 0..<observers { arm(model, counter) }
                            model.value = index
                            for _ in 0..<observers { counter.value &+= model.value }
                        }
                    }
                ))
        }
        let results = interleave(cases)
        byCount[observers] = (results[0], results[1])
        if observers <= 10 {
            rows.append(
                Row(
                    capability: capability, name: "write, \(label)", metric: "ns/op",
                    ours: results[0], peer: "didSet calling closure array", peerValue: results[1],
                    target: .atMost(2)))
            rows.append(
                Row(
                    capability: capability, name: "write, \(label)", metric: "ns/op",
                    ours: results[0], peer: "OpenCombine @Published + sink", peerValue: results[2],
                    target: observers == 1 ? .atMost(0.1) : nil))
            rows.append(
                Row(
                    capability: capability, name: "write, \(label)", metric: "ns/op",
                    ours: results[0], peer: "withObservationTracking re-armed", peerValue: results[3],
                    target: .atMost(0.05)))
        }
        rows.append(
            Row(
                capability: capability, name: "scaling: write, \(label)", metric: "ns/op",
                ours: results[0], peer: "didSet calling closure array", peerValue: results[1], target: nil))
        withExtendedLifetime((tokens, cancellables)) {}
    }
    let one = byCount[1]!
    let hundred = byCount[100]!
    rows.append(
        Row(
            capability: capability, name: "per extra observer (from 1 to 100 observers)", metric: "ns/observer",
            ours: perExtra(one: one.ours, many: hundred.ours, oneCount: 1, manyCount: 100),
            peer: "didSet calling closure array",
            peerValue: perExtra(one: one.array, many: hundred.array, oneCount: 1, manyCount: 100),
            target: .atMost(1.1)))

    // Observation's `Observations` (Swift 6.2): an async sequence of values.
    // It delivers on a task, coalescing writes made before the consumer runs,
    // so the fair comparison is a write followed by waiting for its delivery
    // (ours delivers synchronously, inside the write).
    let model = SendableTrackedModel()
    let handoff = Handoff()
    let consumer = Task.detached {
        for await value in Observations({ model.value }) {
            handoff.received = value
            handoff.semaphore.signal()
        }
    }
    handoff.semaphore.wait() // the initial value
    let oursOne = OursModel()
    let oursToken = oursOne.observe(\.value, options: [.new]) { _, change in counter.value &+= change.newValue! }
    var next = 0
    let asyncResults = interleave(
        rounds: 11,
        [
            (
                20_000,
                { n in
                    let model = opaque(oursOne)
                    for index in 0..<n { model.value = index }
                }
            ),
            (
                500,
                { n in
                    for _ in 0..<n {
                        next &+= 1
                        model.value = next
                        handoff.semaphore.wait()
                    }
                }
            ),
        ])
    consumer.cancel()
    model.value = -1 // wakes the consumer so that it sees the cancellation
    rows.append(
        Row(
            capability: capability, name: "write, 1 observer, until delivered", metric: "ns/op",
            ours: asyncResults[0], peer: "Observations (async sequence)", peerValue: asyncResults[1],
            target: nil))
    blackHole(oursToken)

    precondition(counter.value != 0, "observers did not run")
    blackHole(counter.value)
    return rows
}
