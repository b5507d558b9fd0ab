// Samples of Sources/ClosureKit/ClosureKit.docc/Isolation.md

import ClosureKit

@MainActor
final class Stepper: EventControl {
    let controlEventStorage = ControlEventStorage()
    var value = 0
}

@MainActor
final class CounterModel {
    var count = 0
    var tokens = Set<CancellationToken>()
    let stepper = Stepper()

    func bind() {
        stepper.addHandler(for: .valueChanged) { [weak self] stepper in
            self?.count = stepper.value      // main-actor state, read and written
        }.store(in: &tokens)
    }
}

let model = CounterModel()
model.bind()
model.stepper.value = 3
model.stepper.sendEvents(.valueChanged)
print(model.count)                            // 3

import ClosureKit

@MainActor
final class SaveModel {
    var saves = 0
    var tokens = Set<CancellationToken>()
    let scheduler: DelayScheduler<ManualClock>

    init(clock: ManualClock) {
        scheduler = DelayScheduler(clock: clock)
    }

    func edit() {
        scheduler.schedule(after: .seconds(2), on: .inline) { [weak self] in self?.saves += 1 }.store(in: &tokens)
    }
}

let clock = ManualClock()
let saver = SaveModel(clock: clock)
saver.edit()
clock.advance(by: .seconds(2))
print(saver.saves)                            // 1

import ClosureKit

final class Pinger: EventControl {              // not Sendable
    let controlEventStorage = ControlEventStorage()
    var value = 0
}

@MainActor
final class PingModel {
    var sum = 0
    var tokens = Set<CancellationToken>()
    let pinger = Pinger()                         // the model's region: the main actor

    func bind() {
        pinger.addHandler(for: .valueChanged) { [weak self] pinger in
            self?.sum += pinger.value                 // main-actor state, synchronously
        }.store(in: &tokens)
        // Task.detached { self.pinger.sendEvents(.valueChanged) } does not compile:
        // the pinger belongs to the main actor.
    }
}

final class Box {
    var count = 0
}

@MainActor
final class BoxModel {
    var seen = 0

    func start() {
        let box = Box()
        Task { self.seen = box.count }            // reads box on the main actor
        Task.detached { box.count += 1 }          // compiles, and writes it elsewhere
    }
}
