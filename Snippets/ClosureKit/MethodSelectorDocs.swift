// Samples of Sources/ClosureKit/DelegateProxy/MethodSelector.swift
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadDelegate)?
    var isOnWiFi = true
    var isAllowed = true
}
protocol DownloadDelegate: AnyObject {
    func taskShouldStart(_ task: DownloadTask) -> Bool
    func task(_ task: DownloadTask, didProgress fraction: Double)
    func task(_ task: DownloadTask, didFinish bytes: Int)
}

final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate {
    static let shouldStart = MethodSelector<DownloadTask, Bool>("taskShouldStart(_:)")
    static let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
    static let didFinish = MethodSelector<(DownloadTask, Int), Void>("task(_:didFinish:)")

    func taskShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.shouldStart, task, default: true) { $0.taskShouldStart($1) }
    }
    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    }
    func task(_ task: DownloadTask, didFinish bytes: Int) {
        forward(Self.didFinish, (task, bytes)) { $0.task($1.0, didFinish: $1.1) }
    }
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/MethodSelector.swift:19
// snippet.hide
func sample19(proxy: DownloadProxy) async throws {
// snippet.show
    // In DownloadProxy:
    // static let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
    let token = proxy.implement(DownloadProxy.didProgress) { task, fraction in
        print(fraction)
    }
// snippet.hide
    _ = token
}
// snippet.show
