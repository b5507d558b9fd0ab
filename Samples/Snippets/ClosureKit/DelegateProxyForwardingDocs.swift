// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxy+Forwarding.swift
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

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Forwarding.swift:5
// snippet.hide
final class ForwardingExample: DelegateProxy<any DownloadDelegate>, SelectorDeclaring {
    static let selectors = DownloadProxy.selectors
// snippet.show
    func taskShouldStart(_ task: DownloadTask) -> Bool {
        forward(Self.selectors.shouldStart, task, default: true) { $0.taskShouldStart($1) }
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Forwarding.swift:40
// snippet.hide
final class ForwardingExample2: DelegateProxy<any DownloadDelegate>, SelectorDeclaring {
    static let selectors = DownloadProxy.selectors
// snippet.show
    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Forwarding.swift:76
// snippet.hide
final class ForwardingExample3: DelegateProxy<any DownloadDelegate>, SelectorDeclaring {
    static let selectors = DownloadProxy.selectors
// snippet.show
    func task(_ task: DownloadTask, didProgress fraction: Double) {
        forward(Self.selectors.didProgress, task, fraction) { $0.task($1, didProgress: $2) }
    }
// snippet.hide
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxy+Forwarding.swift:116
// snippet.hide
final class ForwardingExample4: DelegateProxy<any DownloadDelegate>, SelectorDeclaring {
    static let selectors = DownloadProxy.selectors
// snippet.show
    func task(_ task: DownloadTask, didFinish bytes: Int) {
        forward(Self.selectors.didFinish, task, bytes) { $0.task($1, didFinish: $2) }
    }
// snippet.hide
}
// snippet.show
