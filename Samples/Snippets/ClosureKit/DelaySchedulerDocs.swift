// Samples of Sources/ClosureKit/Delays/DelayScheduler.swift
// snippet.hide
import ClosureKit
final class Banner: Sendable { func hide() {} }
final class Spinner: Sendable { func show() {} }
final class Session: Sendable { func expire() {} }
@MainActor final class ViewModel { var isLoading = true }
@Sendable func refresh() {}
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler.swift:4
// snippet.hide
func sample4(banner: Banner) async throws {
// snippet.show
    let token = DelayScheduler.shared.schedule(after: .seconds(2), on: .main) {
        banner.hide()
    }
    // Changed your mind: the closure never runs, and is released now.
    token.cancel()
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler.swift:119
// snippet.hide
func sample119(scheduler: DelayScheduler<ContinuousClock>, spinner: Spinner) async throws {
// snippet.show
    let token = scheduler.schedule(after: .milliseconds(300), on: .main) {
        spinner.show()
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler.swift:146
// snippet.hide
func sample146(scheduler: DelayScheduler<ManualClock>, clock: ManualClock, session: Session) async throws {
// snippet.show
    let token = scheduler.schedule(at: clock.now.advanced(by: .seconds(5)), on: .inline) {
        session.expire()
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/Delays/DelayScheduler.swift:225
// snippet.hide
func sample225() async throws {
// snippet.show
    let token = DelayScheduler.shared.schedule(after: .seconds(1), on: .main) { refresh() }
// snippet.hide
    _ = token
}
// snippet.show
