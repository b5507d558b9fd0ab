// Samples of Sources/ClosureKit/Observation/Observable+OnChange.swift
// snippet.hide
import ClosureKit
import Observation
// snippet.show

// Sources/ClosureKit/Observation/Observable+OnChange.swift:12
@Observable @MainActor final class Player { var volume = 0.5 }

// snippet.hide
let player = Player()
// snippet.show
let token = player.onChange(of: \.volume, on: .main) { old, new in
    print("volume", old, "->", new)
}
