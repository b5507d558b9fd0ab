// Samples of Sources/ClosureKit/Delays/DelayScheduler+Sleep.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler+Sleep.swift:5
// snippet.hide
func sample5(scheduler: DelayScheduler<ContinuousClock>) async throws {
// snippet.show
    try await scheduler.sleep(for: .milliseconds(250))
// snippet.hide
}
// snippet.show
