// Samples of Sources/ClosureKit/ClosureKit.docc/DelayedClosures.md
// snippet.hide
import ClosureKit
final class Banner: Sendable { func hide() {} }
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelayedClosures.md:11
// snippet.hide
func sample11(banner: Banner) async throws {
// snippet.show
    let token = DelayScheduler.shared.schedule(after: .seconds(2), on: .main) {
        banner.hide()
    }
    // The user dismissed the banner already:
    token.cancel()   // true: the closure will never run, and is released now
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelayedClosures.md:43
// snippet.hide
func sample43() async throws {
// snippet.show
    try await DelayScheduler.shared.sleep(for: .milliseconds(250))
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelayedClosures.md:90
// snippet.hide
func sample90() async throws {
// snippet.show
    let clock = ManualClock()
    let search = try Debouncer<String>(
        for: .milliseconds(300), scheduler: DelayScheduler(clock: clock), on: .inline
    ) { query in print("search", query) }

    search.send("sw")
    clock.advance(by: .milliseconds(100))
    search.send("swift")
    clock.advance(by: .milliseconds(300))   // prints "search swift", once
// snippet.hide
}
// snippet.show
