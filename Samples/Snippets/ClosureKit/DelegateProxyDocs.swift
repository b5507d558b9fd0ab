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

let proxy = DownloadProxy.proxy(for: task, delegate: \.delegate)
let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
    print("\(Int(fraction * 100))%")
}

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:152
// snippet.hide
func sample152(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
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
    let token = proxy.instead(DownloadProxy.selectors.shouldStart) { invocation in
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
    let token = proxy.before(DownloadProxy.selectors.didFinish) { invocation in
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
    let token = proxy.after(DownloadProxy.selectors.shouldStart) { invocation in
        print("answered", invocation.result!)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy.swift:277
// snippet.hide
func sample277(proxy: DownloadProxy) async throws {
// snippet.show
    let token = proxy.replaceResult(DownloadProxy.selectors.shouldStart) { invocation in
        invocation.result! && invocation.arguments.isOnWiFi
    }
// snippet.hide
    _ = token
}
// snippet.show
