// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy+Messages.swift
// snippet.hide
import ClosureKit
final class DownloadTask: Sendable {}
protocol DownloadDelegate: AnyObject {
    func taskShouldStart(_ task: DownloadTask) -> Bool
    func task(_ task: DownloadTask, didProgress fraction: Double)
}
final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate, SelectorDeclaring {
    struct Selectors {
        let shouldStart = MethodSelector<DownloadTask, Bool>("taskShouldStart(_:)")
        let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
    }
    static let selectors = Selectors()
    func taskShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.selectors.shouldStart, task, default: true) { $0.taskShouldStart($1) }
    }
    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    }
}
func sample(proxy: DownloadProxy) async {
// snippet.show
// DownloadTask is Sendable here; otherwise, see messages(for:buffering:_:).
for await message in proxy.messages(for: DownloadProxy.selectors.shouldStart) {
    print("asked to start; the answer was", message.result)
}
// snippet.hide
// snippet.show
for await fraction in proxy.messages(for: DownloadProxy.selectors.didProgress, { $0.arguments.1 }) {
    print("\(Int(fraction * 100))%")
}
// snippet.hide
}
// snippet.show
