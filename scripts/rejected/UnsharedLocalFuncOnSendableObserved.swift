// expect: is deprecated: a closure that is not @Sendable on a Sendable owner
// A local func that captures a `var`, observing a Sendable object: the value
// is not @Sendable, and the object's properties may be set from several
// threads at once. Swift picks the form that warns.
import ClosureKit

final class Gauge: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var level = 0
}

nonisolated func watch(_ gauge: Gauge) -> CancellationToken {
    var changes = 0
    func changed(_ gauge: Gauge, _ change: ObservedChange<Int>) { changes += 1 }
    return gauge.observe(\.level, changed)
}
