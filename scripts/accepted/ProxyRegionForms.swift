// A main-actor view model with a plain proxy (not Sendable) whose method
// passes a value that is not Sendable. Main-actor closures use
// main-actor state and local vars; nonisolated ones capture local vars; a
// Sendable-values method enqueues to the main actor from anywhere.
import ClosureKit

final class Player {
    weak var delegate: (any PlayerDelegate)?
    func reach(_ seconds: Double) { delegate?.player(self, didReach: seconds) }
}

protocol PlayerDelegate: AnyObject {
    func player(_ player: Player, didReach seconds: Double)
    func progress(_ fraction: Double) -> Bool
}

final class PlayerProxy: DelegateProxy<any PlayerDelegate>, SelectorDeclaring, PlayerDelegate {
    struct Selectors {
        let didReach = MethodSelector<(Player, Double), Void>("player(_:didReach:)")
        let progress = MethodSelector<Double, Bool>("progress(_:)")
    }
    static let selectors = Selectors()

    func player(_ player: Player, didReach seconds: Double) {
        forward(Self.selectors.didReach, (player, seconds)) { $0.player($1.0, didReach: $1.1) }
    }
    func progress(_ fraction: Double) -> Bool {
        forward(Self.selectors.progress, fraction, default: true) { $0.progress($1) }
    }
}

@MainActor
final class ViewModel {
    var count = 0
    var tokens = Set<CancellationToken>()
    let player = Player()

    func bind() {
        var local = 0
        let proxy = PlayerProxy.proxy(for: player, delegate: \.delegate)
        proxy.implement(PlayerProxy.selectors.didReach) { _, _ in
            self.count += 1
            local += 1
        }.store(in: &tokens)
        proxy.before(PlayerProxy.selectors.didReach) { invocation in self.count += Int(invocation.arguments.1) }
            .store(in: &tokens)
        proxy.instead(PlayerProxy.selectors.didReach) { invocation in invocation.proceed() }.store(in: &tokens)
        proxy.replaceResult(PlayerProxy.selectors.progress) { _ in self.count > 0 }.store(in: &tokens)
        proxy.after(PlayerProxy.selectors.progress) { _ in self.count += 1 }.store(in: &tokens)
        player.reach(1)
    }
}

func countReaches(of player: Player) -> Int {
    var count = 0
    let token = PlayerProxy.proxy(for: player, delegate: \.delegate)
        .after(PlayerProxy.selectors.didReach) { _ in count += 1 }
    player.reach(1)
    token.cancel()
    return count
}
