// Samples of Sources/ClosureKit/DelegateProxy/SendableDelegateProxy.swift
// snippet.hide
import ClosureKit
final class Transfer {}
protocol TransferDelegate: AnyObject {
    func transfer(_ transfer: Transfer, didProgress fraction: Double)
}
// snippet.show

final class TransferProxy: SendableDelegateProxy<any TransferDelegate>, TransferDelegate, SelectorDeclaring,
    @unchecked Sendable  // Swift asks a subclass to restate it
{
    struct Selectors {
        let didProgress = MethodSelector<(Transfer, Double), Void>("transfer(_:didProgress:)")
    }
    static let selectors = Selectors()

    func transfer(_ transfer: Transfer, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, (transfer, fraction)) { $0.transfer($1.0, didProgress: $1.1) }
    }
}
