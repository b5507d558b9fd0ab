// expect: main actor-isolated property 'saves' can not be mutated
// A delay scheduled from nonisolated code runs on its executor's thread.
import ClosureKit

@MainActor
final class Model {
    var saves = 0
}

nonisolated func save(_ model: Model) -> CancellationToken {
    DelayScheduler.shared.schedule(after: .seconds(1), on: .main) { model.saves += 1 }
}
