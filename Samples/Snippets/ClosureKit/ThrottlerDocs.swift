// Samples of Sources/ClosureKit/Delays/Throttler.swift
// snippet.hide
import ClosureKit
struct Size: Sendable { var width = 0.0, height = 0.0 }
@Sendable func relayout(for size: Size) {}
final class Document: Sendable { func save() {} }
// snippet.show

// Sources/ClosureKit/Delays/Throttler.swift:4
// snippet.hide
func sample4(newSize: Size) async throws {
// snippet.show
    let layout = try Throttler<Size>(for: .milliseconds(100), on: .main) { size in
        relayout(for: size)
    }
    // Called for every resize event; relayout runs at most every 100 ms.
    layout.send(newSize)
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/Delays/Throttler.swift:159
// snippet.hide
func sample159(document: Document) async throws {
// snippet.show
    let save = try Throttler<Void>(for: .seconds(1), on: .main) { document.save() }
    save.send()
// snippet.hide
}
// snippet.show
