// Samples of Sources/ClosureKit/Handlers/ResultCombining.swift
// snippet.hide
import ClosureKit
final class DownloadTask {}
// snippet.show

// Sources/ClosureKit/Handlers/ResultCombining.swift:21
struct Selectors {
    let shouldStart = MethodSelector<DownloadTask, Bool>(
        "taskShouldStart(_:)")                       // defaults to .and
    let priority = MethodSelector<DownloadTask, Int>(
        "priority(for:)", combining: .custom(max))   // the larger wins
}
