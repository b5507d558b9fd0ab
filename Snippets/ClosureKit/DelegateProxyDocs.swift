// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy.swift
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadDelegate)?
    var isOnWiFi = true
    var isAllowed = true
}
let task = DownloadTask()
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:9
protocol DownloadDelegate: AnyObject {
    func taskShouldStart(_ task: DownloadTask) -> Bool
    func task(_ task: DownloadTask, didProgress fraction: Double)
    func task(_ task: DownloadTask, didFinish bytes: Int)
}

final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate {
    static let shouldStart = MethodSelector<DownloadTask, Bool>("taskShouldStart(_:)")
    static let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
    static let didFinish = MethodSelector<(DownloadTask, Int), Void>("task(_:didFinish:)")
    override class var selectors: [AnyMethodSelector] {
        [shouldStart.erased, didProgress.erased, didFinish.erased]
    }

    func taskShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.shouldStart, task, default: true) { $0.taskShouldStart(task) }
    }
    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.didProgress, (task, fraction)) { $0.task(task, didProgress: fraction) }
    }
    func task(_ task: DownloadTask, didFinish bytes: Int) {
        forward(Self.didFinish, (task, bytes)) { $0.task(task, didFinish: bytes) }
    }
}

let proxy = DownloadProxy.proxy(for: task, delegate: \.delegate)
let token = proxy.implement(DownloadProxy.didProgress) { task, fraction in
    print("\(Int(fraction * 100))%")
}

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:91
// snippet.hide
final class SelectorsExample: DelegateProxy<any DownloadDelegate> {
    static let didProgress = DownloadProxy.didProgress
    static let didFinish = DownloadProxy.didFinish
    static let shouldStart = DownloadProxy.shouldStart
// snippet.show
    override class var selectors: [AnyMethodSelector] {
        [didProgress.erased, didFinish.erased, shouldStart.erased]
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:152
// snippet.hide
func sample152(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.implement(DownloadProxy.didProgress) { task, fraction in
        print("\(Int(fraction * 100))%")
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:182
// snippet.hide
func sample182(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.instead(DownloadProxy.shouldStart) { invocation in
        invocation.arguments.isOnWiFi && invocation.proceed()
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:205
// snippet.hide
func sample205(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.before(DownloadProxy.didFinish) { invocation in
        print("download finished")
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:229
// snippet.hide
func sample229(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.after(DownloadProxy.shouldStart) { invocation in
        print("answered", invocation.result!)
    }
// snippet.hide
    _ = token
}
// snippet.show
