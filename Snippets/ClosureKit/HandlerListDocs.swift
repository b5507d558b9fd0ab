// Samples of Sources/ClosureKit/Handlers/HandlerList.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/Handlers/HandlerList.swift:21
// snippet.hide
func sample21() async throws {
// snippet.show
    let list = HandlerList<@Sendable (Int) -> Void>()
    let token = list.add { print("got", $0) }
    list.forEach { $0(42) }   // prints "got 42"
    token.cancel()
// snippet.hide
}
// snippet.show
