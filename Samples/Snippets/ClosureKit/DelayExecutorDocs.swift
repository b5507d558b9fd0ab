// Samples of Sources/ClosureKit/Delays/DelayExecutor.swift
// snippet.hide
import ClosureKit
final class Banner: Sendable { func hide() {} }
// snippet.show

// Sources/ClosureKit/Delays/DelayExecutor.swift:7
// snippet.hide
func sample7(banner: Banner) async throws {
// snippet.show
    let token = DelayScheduler.shared.schedule(after: .seconds(2), on: .main) {
        banner.hide()
    }
// snippet.hide
    _ = token
}
// snippet.show
