// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// The same as ProxyRegionSentAway.swift with the closure written as a method reference:
// the region form's `isolation` parameter makes Swift merge it into the
// owner's region as it merges a literal.
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
    func reach(_ player: Player, _ seconds: Double) { reached = seconds }
}

@MainActor
func follow(_ model: Model) -> CancellationToken {
    let player = Player()
    let token = PlayerProxy.proxy(for: player, delegate: \.delegate)
        .implement(PlayerProxy.selectors.didReach, with: model.reach)
    Task.detached { player.reach(1) }
    return token
}
