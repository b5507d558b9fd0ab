// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// A DelegateProxy is not Sendable: a main-actor closure that receives a
// value that is not Sendable (the player) joins the proxy's region, which
// installation merged with the player's. The player may not then be sent to
// a detached task, whose messages would run the closure off the main actor.
import ClosureKit

final class Player {
    weak var delegate: (any PlayerDelegate)?
    func reach(_ seconds: Double) { delegate?.player(self, didReach: seconds) }
}

protocol PlayerDelegate: AnyObject {
    func player(_ player: Player, didReach seconds: Double)
}

final class PlayerProxy: DelegateProxy<any PlayerDelegate>, SelectorDeclaring, PlayerDelegate {
    struct Selectors {
        let didReach = MethodSelector<(Player, Double), Void>("player(_:didReach:)")
    }
    static let selectors = Selectors()

    func player(_ player: Player, didReach seconds: Double) {
        forward(Self.selectors.didReach, (player, seconds)) { $0.player($1.0, didReach: $1.1) }
    }
}

@MainActor
final class Model {
    var reached = 0.0
}

@MainActor
func follow(_ model: Model) -> CancellationToken {
    let player = Player()
    let token = PlayerProxy.proxy(for: player, delegate: \.delegate)
        .implement(PlayerProxy.selectors.didReach) { _, seconds in model.reached = seconds }
    Task.detached { player.reach(1) }
    return token
}
