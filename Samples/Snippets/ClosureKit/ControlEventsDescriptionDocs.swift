// Samples of Sources/ClosureKit/ControlEvents/ControlEvents+Description.swift
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ControlEvents/ControlEvents+Description.swift:7
// snippet.hide
func sample7() async throws {
// snippet.show
    print([ControlEvents.valueChanged, .touchDown])  // [.touchDown, .valueChanged]
    print(ControlEvents(rawValue: 1 << 24))          // [0x1000000]
// snippet.hide
}
// snippet.show
