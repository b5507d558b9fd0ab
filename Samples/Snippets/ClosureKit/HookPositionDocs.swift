// Samples of Sources/ClosureKit/Handlers/HookPosition.swift
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
// snippet.show

// Sources/ClosureKit/Handlers/HookPosition.swift:8
// snippet.hide
func sample8(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.before(DownloadProxy.selectors.didProgress) { invocation in
        print("progress", invocation.arguments.1)
    }
// snippet.hide
    _ = token
}
// snippet.show
