// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy+Declarations.swift (declaredSelector(objCName:))
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadDelegate)?
}
protocol DownloadDelegate: AnyObject {
    func task(_ task: DownloadTask, didProgress fraction: Double)
}
final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate, SelectorDeclaring {
    struct Selectors {
        let didProgress = MethodSelector<(DownloadTask, Double), Void>(
            "task(_:didProgress:)", objC: "task:didProgress:")
    }
    static let selectors = Selectors()

    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    }
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Declarations.swift: declaredSelector(objCName:)
// With `let didProgress = MethodSelector<…>("task(_:didProgress:)", objC: "task:didProgress:")`:
let selector = DownloadProxy.declaredSelector(objCName: "task:didProgress:")
print(selector?.name ?? "not a method of the proxy")   // task(_:didProgress:)
