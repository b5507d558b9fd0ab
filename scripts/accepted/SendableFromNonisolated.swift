// From nonisolated code a handler is @Sendable: Sendable captures compile.
import ClosureKit

final class Pinger: EventControl {
    let controlEventStorage = ControlEventStorage()
}

final class Tally: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

nonisolated func report(_ pinger: Pinger, to tally: Tally) -> CancellationToken {
    let label = "pings of \(tally.name)"
    return pinger.addHandler(for: .valueChanged) { _ in print(label, tally.name) }
}
