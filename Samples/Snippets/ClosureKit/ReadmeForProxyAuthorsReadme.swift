// Samples of Sources/ClosureKit/DelegateProxy/README-for-proxy-authors.md
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadDelegate)?
    var isOnWiFi = true
    var isAllowed = true
}
final class DownloadQueue {
    private weak var storedDelegate: (any DownloadDelegate)?
    func delegate() -> (any DownloadDelegate)? { storedDelegate }
    func setDelegate(_ delegate: (any DownloadDelegate)?) { storedDelegate = delegate }
}
final class DownloadSession {
    let delegate: any DownloadDelegate
    init(delegate: any DownloadDelegate) { self.delegate = delegate }
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/README-for-proxy-authors.md:17
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

// Sources/ClosureKit/DelegateProxy/README-for-proxy-authors.md: installation
// snippet.hide
func sample100(task: DownloadTask, queue: DownloadQueue, userDelegate: any DownloadDelegate) async throws {
// snippet.show
    // A `delegate` property, weak or strong: obtain or create, one proxy per (object, protocol).
    let proxy = DownloadProxy.proxy(for: task, delegate: \.delegate)

    // A delegate set through methods rather than a writable property:
    let queued = DownloadProxy.proxy(
        for: queue,
        getDelegate: { queue.delegate() },
        setDelegate: { queue.setDelegate($0) })

    // A delegate fixed at init: make the proxy, pass it in, and attach it.
    let fixed = DownloadProxy()
    fixed.realDelegate = userDelegate          // held weakly
    let session = DownloadSession(delegate: fixed)
    fixed.attach(to: session)                  // the session keeps the proxy alive

    print(DownloadProxy.existingProxy(for: task) === proxy)   // true; creates nothing
    DownloadProxy.uninstall(from: task, delegate: \.delegate) // restores the real delegate
// snippet.hide
    _ = queued
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/README-for-proxy-authors.md: convenience
extension DownloadTask {
    var delegateProxy: DownloadProxy { .proxy(for: self, delegate: \.delegate) }
}

// Sources/ClosureKit/DelegateProxy/README-for-proxy-authors.md: what users write
// snippet.hide
func sample144(task: DownloadTask) async throws {
// snippet.show
    let proxy = task.delegateProxy
    let progress = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
        print("\(Int(fraction * 100))%")
    }
    let audit = proxy.before(DownloadProxy.selectors.didFinish) { invocation in
        print("finished with \(invocation.arguments.1) bytes")
    }
    let firstAnswer = proxy.after(DownloadProxy.selectors.shouldStart, options: .once) { invocation in
        print("answered", invocation.result!)
    }
    let byName = try proxy.implement("task(_:didFinish:)") { (task: DownloadTask, bytes: Int) in
        print(bytes)
    }
    print(proxy.responds(to: DownloadProxy.selectors.didProgress))   // true: a closure is registered
// snippet.hide
    _ = progress
    _ = audit
    _ = firstAnswer
    _ = byName
}
// snippet.show
