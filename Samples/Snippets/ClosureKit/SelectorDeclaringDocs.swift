// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy+Declarations.swift
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadDelegate)?
}
protocol DownloadDelegate: AnyObject {
    func taskShouldStart(_ task: DownloadTask) -> Bool
    func task(_ task: DownloadTask, didProgress fraction: Double)
    func task(_ task: DownloadTask, didFinish bytes: Int)
}
let proxy = DownloadProxy.proxy(for: DownloadTask(), delegate: \.delegate)
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Declarations.swift:4
final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate, SelectorDeclaring {
    struct Selectors {
        let shouldStart = MethodSelector<DownloadTask, Bool>("taskShouldStart(_:)")
        let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
        let didFinish = MethodSelector<(DownloadTask, Int), Void>("task(_:didFinish:)")
    }
    static let selectors = Selectors()

    func taskShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.selectors.shouldStart, task, default: true) { $0.taskShouldStart($1) }
    }
    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    }
    func task(_ task: DownloadTask, didFinish bytes: Int) {
        forward(Self.selectors.didFinish, (task, bytes)) { $0.task($1.0, didFinish: $1.1) }
    }
}

let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
    print("\(Int(fraction * 100))%")
}
