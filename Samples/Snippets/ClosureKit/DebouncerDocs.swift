// Samples of Sources/ClosureKit/Delays/Debouncer.swift
// snippet.hide
import ClosureKit
@Sendable func performSearch(_ query: String) {}
final class Document: Sendable { func save() {} }
// snippet.show

// Sources/ClosureKit/Delays/Debouncer.swift:5
// snippet.hide
func sample5() async throws {
// snippet.show
    let search = try Debouncer<String>(for: .milliseconds(300), on: .main) { query in
        performSearch(query)
    }
    search.send("s")
    search.send("sw")
    search.send("swift")   // 300 ms later: performSearch("swift"), once
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/Delays/Debouncer.swift:103
// snippet.hide
func sample103(document: Document) async throws {
// snippet.show
    let save = try Debouncer<Void>(for: .seconds(1), on: .main) { document.save() }
    save.send()
// snippet.hide
}
// snippet.show
