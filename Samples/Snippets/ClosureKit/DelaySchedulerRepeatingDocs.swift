// Samples of Sources/ClosureKit/Delays/DelayScheduler+Repeating.swift
// snippet.hide
import ClosureKit
final class ClockLabel: Sendable { func refresh() {} }
struct Settings { var refreshInterval = 30.0 }
@Sendable func reload() {}
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler+Repeating.swift:4
// snippet.hide
func sample4(scheduler: DelayScheduler<ContinuousClock>, clockLabel: ClockLabel) async throws {
// snippet.show
    let ticker = try scheduler.scheduleRepeating(every: .seconds(1), on: .main) {
        clockLabel.refresh()
    }
// snippet.hide
    _ = ticker
}
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler+Repeating.swift:52
// snippet.hide
func sample52(scheduler: DelayScheduler<ContinuousClock>, settings: Settings) async throws {
// snippet.show
    let token = try scheduler.scheduleRepeating(everySeconds: settings.refreshInterval, on: .main) {
        reload()
    }
// snippet.hide
    _ = token
}
// snippet.show
