// Samples of Sources/ClosureKit/Observation/Observable+Changes.swift
// snippet.hide
import ClosureKit
import Observation
@Observable final class Player { var volume = 0.5 }
func sample(player: Player) async {
// snippet.show
for await change in player.changes(of: \.volume, on: .main) {
    print("volume", change.oldValue!, "->", change.newValue!)
}
// snippet.hide
}
// snippet.show
