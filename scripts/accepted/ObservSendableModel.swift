// A Sendable model (a @MainActor class, or a class that guards its state)
// with Sendable values may be set from anywhere: observed from the main
// actor, its observer is main-actor code, enqueued when the set is made in
// another task.
import ClosureKit

@MainActor
final class Player: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
}

final class Meter: KeyPathObservable, @unchecked Sendable { // its properties are guarded by its storage
    let observationStorage = ObservationStorage()
    @ObservableProperty var level = 0
    @ObservableProperty var peak = 0
}

@MainActor
final class MeterModel {
    var levels: [Int] = []
    var volume = 0.0
    var tokens = Set<CancellationToken>()

    func bind(_ meter: Meter, _ player: Player) {
        meter.observe(\.level, options: .new) { _, change in self.levels.append(change.newValue!) }
            .store(in: &tokens)
        let both: [KeyPath<Meter, Int>] = [\.level, \.peak]
        meter.observe(both, options: .new) { _, change in self.levels.append(change.newValue!) }.store(in: &tokens)
        player.observe(\.volume, options: .new) { _, change in self.volume = change.newValue! }.store(in: &tokens)
        Task.detached {
            for level in 0..<100 { meter.level = level }
        }
    }
}
