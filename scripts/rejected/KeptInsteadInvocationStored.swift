// expect: implicit conversion to 'InsteadInvocation<String, Bool>?' is consuming
// An instead hook's invocation cannot be copied out of the hook and stored.
import ClosureKit

protocol Gate: AnyObject {
    func shouldOpen(_ name: String) -> Bool
}

final class GateProxy: DelegateProxy<any Gate>, SelectorDeclaring, Gate {
    struct Selectors {
        let shouldOpen = MethodSelector<String, Bool>("shouldOpen(_:)")
    }
    static let selectors = Selectors()
    func shouldOpen(_ name: String) -> Bool {
        forward(Self.selectors.shouldOpen, name, default: true) { $0.shouldOpen($1) }
    }
}

@MainActor
final class GateModel {
    var pending: InsteadInvocation<String, Bool>?

    func bind(_ proxy: GateProxy) -> CancellationToken {
        proxy.instead(GateProxy.selectors.shouldOpen) { invocation in
            self.pending = invocation
            return false
        }
    }
}
