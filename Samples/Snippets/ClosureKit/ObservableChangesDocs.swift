// Samples of Sources/ClosureKit/Observation/Observable+Changes.swift
// snippet.hide
import ClosureKit
import Observation
// snippet.show
@Observable @MainActor final class Player { var volume = 0.5 }

@MainActor
func follow(_ player: Player) async {
    for await change in player.changes(of: \.volume, on: .main) {
        print("volume", change.oldValue!, "->", change.newValue!)
    }
}
