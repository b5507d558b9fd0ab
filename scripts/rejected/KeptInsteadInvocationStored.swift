// expect: implicit conversion to 'InsteadInvocation<String, Bool>?' is consuming
// An instead hook's invocation cannot be copied out of the hook and stored.
import ClosureKit

protocol Gate: AnyObject {
    func shouldOpen(_ name: String) -> Bool
}

final class GateProxy: DelegateProxy<any Gate>, Gate {
    static let shouldOpen = MethodSelector<String, Bool>("shouldOpen(_:)")
    func shouldOpen(_ name: String) -> Bool {
        forward(Self.shouldOpen, name, default: true) { $0.shouldOpen($1) }
    }
}

@MainActor
final class GateModel {
    var pending: InsteadInvocation<String, Bool>?

    func bind(_ proxy: GateProxy) -> CancellationToken {
        proxy.instead(GateProxy.shouldOpen) { invocation in
            self.pending = invocation
            return false
        }
    }
}
