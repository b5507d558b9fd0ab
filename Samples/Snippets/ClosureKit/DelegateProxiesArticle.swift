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

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md: overview
// snippet.hide
func sample23(task: DownloadTask) async throws {
// snippet.show
    let proxy = DownloadTaskProxy.proxy(for: task, delegate: \.delegate)

    var tokens = Set<CancellationToken>()
    proxy.implement(DownloadTaskProxy.selectors.didProgress) { task, fraction in
        print("\(Int(fraction * 100))%")
    }.store(in: &tokens)
    proxy.after(DownloadTaskProxy.selectors.didFinish, options: .once) { invocation in
        print("first download finished")
    }.store(in: &tokens)
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md: writing a proxy
protocol DownloadTaskDelegate: AnyObject {
    func downloadShouldStart(_ task: DownloadTask) -> Bool
    func download(_ task: DownloadTask, didProgress fraction: Double)
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>)
}

final class DownloadTaskProxy: DelegateProxy<any DownloadTaskDelegate>, DownloadTaskDelegate, SelectorDeclaring {
    struct Selectors {
        let shouldStart = MethodSelector<DownloadTask, Bool>("downloadShouldStart(_:)")
        let didProgress = MethodSelector<(DownloadTask, Double), Void>("download(_:didProgress:)")
        let didFinish = MethodSelector<(DownloadTask, Result<Int, DownloadError>), Void>(
            "download(_:didFinishWith:)")
    }
    static let selectors = Selectors()

    func downloadShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.selectors.shouldStart, task, default: true) { $0.downloadShouldStart($1) }
    }
    func download(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, (task, fraction)) { $0.download($1.0, didProgress: $1.1) }
    }
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>) {
        forward(Self.selectors.didFinish, (task, result)) { $0.download($1.0, didFinishWith: $1.1) }
    }
}

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md: what each mistake produces
// snippet.hide
func sampleMistake(proxy: DownloadTaskProxy) {
// snippet.show
    do {
        _ = try proxy.implement("download(_:didFinish:)") { (task: DownloadTask, bytes: Int) in }
    } catch {
        print(error)   // DownloadTaskProxy declares no method named download(_:didFinish:); it declares: ...
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md: by name
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
let discounted = proxy.instead(DownloadTaskProxy.selectors.didProgress) { invocation in
    let (task, fraction) = invocation.arguments
    invocation.proceed(with: (task, min(fraction * 2, 1)))
}
// snippet.hide
_ = discounted
// snippet.show
let wifiOnly = proxy.replaceResult(DownloadTaskProxy.selectors.shouldStart) { invocation in
    invocation.result! && invocation.arguments.isOnWiFi
}
// snippet.hide
_ = wifiOnly
}
// snippet.show
