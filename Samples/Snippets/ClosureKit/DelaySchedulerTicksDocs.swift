// Samples of Sources/ClosureKit/Delays/DelayScheduler+Ticks.swift
// snippet.hide
import ClosureKit
func sample(scheduler: DelayScheduler<ContinuousClock>) async throws {
// snippet.show
for await instant in try scheduler.ticks(every: .seconds(1)) {
    print("tick at", instant)
}
// snippet.hide
}
func sample2() throws {
// snippet.show
let clock = ManualClock()
let ticks = try DelayScheduler(clock: clock).ticks(every: .seconds(1), buffering: .unbounded)
clock.advance(by: .seconds(3))   // three ticks, at 1 s, 2 s and 3 s
// snippet.hide
_ = ticks
}
// snippet.show
