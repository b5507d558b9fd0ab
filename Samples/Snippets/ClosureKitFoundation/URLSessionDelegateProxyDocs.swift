// Samples of Sources/ClosureKitFoundation/URLSession/URLSession+DelegateProxy.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// Sources/ClosureKitFoundation/URLSession/URLSession+DelegateProxy.swift:11
// snippet.hide
func sample11(existingDelegate: any URLSessionDelegate) async throws {
// snippet.show
    let proxy = URLSessionDelegateProxy()
    proxy.realDelegate = existingDelegate        // optional, held weakly
    let session = URLSession(configuration: .default, delegateProxy: proxy, delegateQueue: nil)
    let token = proxy.onComplete { _, task, error in print(task.taskIdentifier, error ?? "ok") }
// snippet.hide
    _ = session
    _ = token
}
// snippet.show
