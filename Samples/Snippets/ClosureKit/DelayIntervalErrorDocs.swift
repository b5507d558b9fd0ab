// Samples of Sources/ClosureKit/Delays/DelayIntervalError.swift
// snippet.hide
import ClosureKit
@Sendable func tick() {}
// snippet.show

// Sources/ClosureKit/Delays/DelayIntervalError.swift:10
// snippet.hide
func sample10(scheduler: DelayScheduler<ContinuousClock>) async throws {
// snippet.show
    let ticker: CancellationToken?
    do {
        ticker = try scheduler.scheduleRepeating(everySeconds: 1e-10, on: .main) { tick() }
    } catch {  // a DelayIntervalError: the method throws only that
        // invalid interval 1e-10 seconds: it rounds to 0 nanoseconds;
        // an interval must be at least 1 nanosecond
        print(error)
        ticker = nil
    }
// snippet.hide
    _ = ticker
}
// snippet.show
