// expect: main actor-isolated property 'reached' can not be mutated from a Sendable closure
// A SendableDelegateProxy is reached from any thread, so a closure that
// receives a value that is not Sendable (the player) is nonisolated, also
// when it is written on the main actor: it runs on the sending thread and
// may not use main-actor state.
import ClosureKit

final class Player {}

protocol PlayerDelegate: AnyObject {
    func player(_ player: Player, didReach seconds: Double)
}

final class PlayerProxy: SendableDelegateProxy<any PlayerDelegate>, SelectorDeclaring, PlayerDelegate,
    @unchecked Sendable
{
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
func follow(_ proxy: PlayerProxy, _ model: Model) -> CancellationToken {
    proxy.implement(PlayerProxy.selectors.didReach) { _, seconds in model.reached = seconds }
}
