// expect: mutation of captured var 'counter' in concurrently-executing code
// A handler registered from nonisolated code on a Sendable control runs on every
// thread that sends, so it is @Sendable: a captured local var would race.
// (A control that is not Sendable takes such a handler: accepted/CapturedVarRegionBound.)
import ClosureKit

final class Pinger: EventControl, Sendable {
    let controlEventStorage = ControlEventStorage()
}

nonisolated func count(_ pinger: Pinger) -> CancellationToken {
    var counter = 0
    return pinger.addHandler(for: .valueChanged) { _ in counter += 1 }
}
