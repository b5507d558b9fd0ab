// Samples of Sources/ClosureKit/DelegateProxy/DelegateProxyStandIn.swift
// snippet.hide
import ClosureKit
final class DownloadTask {}
protocol DownloadDelegate: AnyObject {}
final class DownloadProxy: DelegateProxy<any DownloadDelegate>, SelectorDeclaring {
    struct Selectors {}
    static let selectors = Selectors()
}
// snippet.show

// Sources/ClosureKit/DelegateProxy/DelegateProxyStandIn.swift:17
final class DownloadStandIn: DelegateProxyStandIn {
    weak var proxy: DownloadProxy?
    func proxyDidEnd() { proxy = nil }
}
