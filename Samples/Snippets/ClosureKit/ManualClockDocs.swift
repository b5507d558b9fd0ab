// Samples of Sources/ClosureKit/Delays/ManualClock.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Delays/ManualClock.swift:4
// snippet.hide
func sample4() async throws {
// snippet.show
    let clock = ManualClock()
    let scheduler = DelayScheduler(clock: clock)
    let token = scheduler.schedule(after: .seconds(2), on: .inline) { print("fired") }
    clock.advance(by: .seconds(1))   // nothing yet
    clock.advance(by: .seconds(1))   // prints "fired" before returning
// snippet.hide
    _ = token
}
// snippet.show
