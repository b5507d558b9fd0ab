// expect: does not conform to the 'Sendable' protocol
// The @Observable bridge reads its object on the queue it is given, so the
// object must be Sendable (a @MainActor model is): a plain class would be
// read there while its owner writes it elsewhere.
import ClosureKit
import Dispatch
import Observation

@Observable final class Player {
    var volume = 0.5
}

func follow(_ player: Player) -> CancellationToken {
    player.onChange(of: \.volume, on: DispatchQueue.global()) { old, new in print(old, new) }
}
