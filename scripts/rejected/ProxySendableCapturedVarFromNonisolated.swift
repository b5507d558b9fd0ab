// expect: mutation of captured var 'count' in concurrently-executing code
// A SendableDelegateProxy is reached from any thread: its closures are all
// @Sendable, whatever the values, so a captured local var would race.
// (A DelegateProxy takes such a closure: accepted/ProxyNonisolatedCapturedVar.)
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

func follow(_ proxy: PlayerProxy) -> CancellationToken {
    var count = 0
    return proxy.after(PlayerProxy.selectors.didReach) { _ in count += 1 }
}
