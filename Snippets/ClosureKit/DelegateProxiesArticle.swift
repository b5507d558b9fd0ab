// Samples of Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadTaskDelegate)?
    var isOnWiFi = true
}
struct DownloadError: Error {}
final class Analytics: Sendable { func count(_ name: String) {} }
let analytics = Analytics()
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md:23
// snippet.hide
func sample23(task: DownloadTask) async throws {
// snippet.show
    let proxy = DownloadTaskProxy.proxy(for: task, delegate: \.delegate)

    var tokens = Set<CancellationToken>()
    proxy.implement(DownloadTaskProxy.didProgress) { task, fraction in
        print("\(Int(fraction * 100))%")
    }.store(in: &tokens)
    proxy.after(DownloadTaskProxy.didFinish, options: .once) { invocation in
        print("first download finished")
    }.store(in: &tokens)
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md:41
protocol DownloadTaskDelegate: AnyObject {
    func downloadShouldStart(_ task: DownloadTask) -> Bool
    func download(_ task: DownloadTask, didProgress fraction: Double)
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>)
}

final class DownloadTaskProxy: DelegateProxy<any DownloadTaskDelegate>, DownloadTaskDelegate {
    static let shouldStart = MethodSelector<DownloadTask, Bool>("downloadShouldStart(_:)")
    static let didProgress = MethodSelector<(DownloadTask, Double), Void>("download(_:didProgress:)")
    static let didFinish = MethodSelector<(DownloadTask, Result<Int, DownloadError>), Void>(
        "download(_:didFinishWith:)")

    func downloadShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.shouldStart, task, default: true) { $0.downloadShouldStart($1) }
    }
    func download(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.didProgress, (task, fraction)) { $0.download($1.0, didProgress: $1.1) }
    }
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>) {
        forward(Self.didFinish, (task, result)) { $0.download($1.0, didFinishWith: $1.1) }
    }
}

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md:139
// snippet.hide
func sample139(proxy: DownloadTaskProxy) async throws {
    var tokens = Set<CancellationToken>()
// snippet.show
    for name in ["download(_:didProgress:)", "download(_:didFinishWith:)"] {
        try proxy.hook(name, at: .before) { (_: Invocation<Any, Any>) in
            analytics.count(name)
        }.store(in: &tokens)
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md: changing arguments and results
// snippet.hide
func sampleChanging(proxy: DownloadTaskProxy) async throws {
// snippet.show
let discounted = proxy.instead(DownloadTaskProxy.didProgress) { invocation in
    let (task, fraction) = invocation.arguments
    invocation.proceed(with: (task, min(fraction * 2, 1)))
}
// snippet.hide
_ = discounted
// snippet.show
let wifiOnly = proxy.replaceResult(DownloadTaskProxy.shouldStart) { invocation in
    invocation.result! && invocation.arguments.isOnWiFi
}
// snippet.hide
_ = wifiOnly
}
// snippet.show
