// Samples of Sources/ClosureKit/DelegateProxy/ResultCombining.swift
// snippet.hide
import ClosureKit
final class DownloadTask {
    weak var delegate: (any DownloadDelegate)?
    var isOnWiFi = true
    var isAllowed = true
}
protocol DownloadDelegate: AnyObject {}
// snippet.show

// Sources/ClosureKit/DelegateProxy/ResultCombining.swift:21
// snippet.hide
final class CombiningExample {
// snippet.show
    static let shouldStart = MethodSelector<DownloadTask, Bool>(
        "taskShouldStart(_:)")                       // defaults to .and
    static let priority = MethodSelector<DownloadTask, Int>(
        "priority(for:)", combining: .custom(max))   // the larger wins
// snippet.hide
}
// snippet.show
