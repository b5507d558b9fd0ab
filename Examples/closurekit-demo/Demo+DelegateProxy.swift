import ClosureKit

// A protocol of the app's own, a class that reports through it, and a proxy
// that lets closures answer it: one selector and one `forward` call per method.

/// A download that reports progress and completion to a weak delegate.
private final class DownloadTask {
    let url: String
    weak var delegate: (any DownloadTaskDelegate)?
    /// Which run of the demo this is, so that repeated lines say which run printed them.
    var phase = "first run"

    init(url: String) { self.url = url }

    /// Simulates a download: asks whether to start, reports progress, finishes.
    func run() {
        guard delegate?.downloadShouldStart(self) ?? true else {
            delegate?.download(self, didFinishWith: .failure(.refused))
            return
        }
        for step in 1...4 {
            delegate?.download(self, didProgress: Double(step) / 4)
        }
        delegate?.download(self, didFinishWith: .success(1_024))
    }
}

private enum DownloadError: Error { case refused }

private protocol DownloadTaskDelegate: AnyObject {
    func downloadShouldStart(_ task: DownloadTask) -> Bool
    func download(_ task: DownloadTask, didProgress fraction: Double)
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>)
}

/// The proxy: selectors, then one forwarding line per protocol method.
private final class DownloadTaskProxy: DelegateProxy<any DownloadTaskDelegate>, DownloadTaskDelegate,
    SelectorDeclaring
{
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
        forward(Self.selectors.didProgress, task, fraction) { $0.download($1, didProgress: $2) }
    }
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>) {
        forward(Self.selectors.didFinish, task, result) { $0.download($1, didFinishWith: $2) }
    }
}

/// A delegate the app already had: it only logs completions.
private final class CompletionLogger: DownloadTaskDelegate {
    func downloadShouldStart(_ task: DownloadTask) -> Bool { true }
    func download(_ task: DownloadTask, didProgress fraction: Double) {}
    func download(_ task: DownloadTask, didFinishWith result: Result<Int, DownloadError>) {
        print("   [\(task.phase)] existing delegate: finished \(task.url)")
    }
}

func demoDelegateProxy() {
    let task = DownloadTask(url: "https://example.com/archive.zip")
    let logger = CompletionLogger()
    task.delegate = logger

    // Install: the proxy becomes the delegate, the logger its realDelegate.
    let proxy = DownloadTaskProxy.proxy(for: task, delegate: \.delegate)
    var tokens = Set<CancellationToken>()

    proxy.implement(DownloadTaskProxy.selectors.didProgress) { task, fraction in
        print("   [\(task.phase)] progress \(Int(fraction * 100))%")
    }.store(in: &tokens)

    // An instead closure that calls through to what it replaced (the logger).
    proxy.instead(DownloadTaskProxy.selectors.didFinish) { invocation in
        let (task, result) = invocation.arguments
        switch result {
        case .success(let bytes): print("   [\(task.phase)] closure: done, \(bytes) bytes")
        case .failure(let error): print("   [\(task.phase)] closure: not downloaded (\(error))")
        }
        invocation.proceed()
    }.store(in: &tokens)

    proxy.after(DownloadTaskProxy.selectors.shouldStart, options: .once) { invocation in
        print("   after-hook saw shouldStart -> \(invocation.result!) (once)")
    }.store(in: &tokens)

    task.run()

    // "Should" methods combine with &&: the closure can veto the real delegate.
    let veto = proxy.implement(DownloadTaskProxy.selectors.shouldStart) { _ in false }
    print("   with a vetoing closure (&& rule):")
    task.phase = "vetoed run"
    task.run()
    veto.cancel()

    // Name-based wiring, for configuration tables.
    do {
        let analytics = try proxy.hook("download(_:didProgress:)", at: .before) {
            (_: Invocation<Any, Any>) in print("   analytics: progress event")
        }
        print("   responds to didProgress: \(proxy.responds(to: DownloadTaskProxy.selectors.didProgress))")
        task.phase = "one message sent by hand"
        task.delegate?.download(task, didProgress: 0.5)
        analytics.cancel()
        print("   a mistyped closure is rejected with an error that names the selector:")
        _ = try proxy.implement("download(_:didProgress:)") { (fraction: Double) in }
    } catch {
        print("   \(error)")
    }

    tokens.removeAll()
    DownloadTaskProxy.uninstall(from: task, delegate: \.delegate)
    print("   uninstalled; delegate is the logger again: \(task.delegate === logger)")
}
