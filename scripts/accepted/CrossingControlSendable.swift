// A Sendable control may be sent anywhere: its events reach a main-actor
// handler on the main actor, enqueued when sent from another task.
import ClosureKit

final class Beacon: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
    let id: Int
    init(id: Int) { self.id = id }
}

@MainActor
final class Model {
    var seen: [Int] = []
    var tokens = Set<CancellationToken>()

    func bind(_ beacon: Beacon) {
        beacon.addHandler(for: .valueChanged) { beacon in self.seen.append(beacon.id) }.store(in: &tokens)
        Task.detached { beacon.sendEvents(.valueChanged) }
    }
}

// A control that is not Sendable, used from nonisolated code: its handler may
// capture a local var, since it stays in the control's region.
final class Counter: EventControl {
    let controlEventStorage = ControlEventStorage()
}

func countEvents() -> Int {
    let counter = Counter()
    var count = 0
    let token = counter.addHandler(for: .valueChanged) { _ in count += 1 }
    counter.sendEvents(.valueChanged)
    token.cancel()
    return count
}
