// A SendableDelegateProxy, for an object that calls its delegate from any
// thread: a main-actor closure of a Sendable-values method uses main-actor
// state (its messages are enqueued to the main actor); a method that passes a
// value that is not Sendable takes a nonisolated closure, from anywhere.
import ClosureKit

final class Player {}

protocol PlayerDelegate: AnyObject {
    func player(_ player: Player, didReach seconds: Double)
    func progress(_ fraction: Double)
}

final class PlayerProxy: SendableDelegateProxy<any PlayerDelegate>, SelectorDeclaring, PlayerDelegate,
    @unchecked Sendable
{
    struct Selectors {
        let didReach = MethodSelector<(Player, Double), Void>("player(_:didReach:)")
        let progress = MethodSelector<Double, Void>("progress(_:)")
    }
    static let selectors = Selectors()

    func player(_ player: Player, didReach seconds: Double) {
        forward(Self.selectors.didReach, (player, seconds)) { $0.player($1.0, didReach: $1.1) }
    }
    func progress(_ fraction: Double) {
        forward(Self.selectors.progress, fraction) { $0.progress($1) }
    }
}

@MainActor
final class ViewModel {
    var fraction = 0.0
    var tokens = Set<CancellationToken>()

    func bind(_ proxy: PlayerProxy) {
        proxy.implement(PlayerProxy.selectors.progress) { self.fraction = $0 }.store(in: &tokens)
        proxy.after(PlayerProxy.selectors.didReach) { invocation in print(invocation.arguments.1) }
            .store(in: &tokens)
        Task.detached { proxy.progress(0.5) }
    }
}
