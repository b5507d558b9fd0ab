// Samples of Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md
// snippet.hide
import ClosureKit
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/KeyPathObservation.md:111
import Observation

@Observable @MainActor final class Player { var volume = 0.5 }

let player = Player()
let token = player.onChange(of: \.volume, on: .main) { old, new in
    print("volume", old, "->", new)
}
