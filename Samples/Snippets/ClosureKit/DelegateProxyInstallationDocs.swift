// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy+Installation.swift
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

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Installation.swift:5
// snippet.hide
func sample5(task: DownloadTask) async throws {
// snippet.show
    let proxy = DownloadProxy.proxy(for: task, delegate: \.delegate)
// snippet.hide
    _ = proxy
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Installation.swift:47
// snippet.hide
func sample47(queue: DownloadQueue) async throws {
// snippet.show
    let proxy = DownloadProxy.proxy(
        for: queue,
        getDelegate: { queue.delegate() },
        setDelegate: { queue.setDelegate($0) })
// snippet.hide
    _ = proxy
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Installation.swift:96
// snippet.hide
func sample96(myDelegate: any DownloadDelegate) async throws {
// snippet.show
    let proxy = DownloadProxy()
    proxy.realDelegate = myDelegate
    let session = DownloadSession(delegate: proxy)   // holds its delegate from init on
    proxy.attach(to: session)
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Installation.swift:116
// snippet.hide
func sample116(task: DownloadTask) async throws {
// snippet.show
    DownloadProxy.uninstall(from: task, delegate: \.delegate)
// snippet.hide
}
// snippet.show
