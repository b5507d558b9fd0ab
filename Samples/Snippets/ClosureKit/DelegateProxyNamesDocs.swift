// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy+Names.swift
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
final class Analytics: Sendable { func count(_ name: String) {} }
let analytics = Analytics()
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Names.swift:6
// snippet.hide
func sample6(proxy: DownloadProxy) async throws {
// snippet.show
    let token = try proxy.implement("task(_:didProgress:)") {
        (task: DownloadTask, fraction: Double) in print(fraction)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Names.swift:45
// snippet.hide
func sample45(proxy: DownloadProxy) async throws {
    var tokens: [CancellationToken] = []
// snippet.show
    for name in ["task(_:didProgress:)", "task(_:didFinish:)"] {
        tokens.append(try proxy.hook(name, at: .before) { (_: Invocation<Any, Any>) in
            analytics.count(name)
        })
    }
// snippet.hide
    _ = tokens
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Names.swift:106
// snippet.hide
func sample106(proxy: DownloadProxy) async throws {
// snippet.show
    let token = try proxy.instead("taskShouldStart(_:)") {
        (invocation: inout InsteadInvocation<DownloadTask, Bool>) -> Bool in
        invocation.arguments.isOnWiFi && invocation.proceed()
    }
// snippet.hide
    _ = token
}
// snippet.show
