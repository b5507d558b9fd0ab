// Samples of Sources/ClosureKitFoundation/URLSession/URLSessionDelegateProxy.swift
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

// Sources/ClosureKitFoundation/URLSession/URLSessionDelegateProxy.swift:16
// snippet.hide
func sample16(url: URL) async throws {
// snippet.show
    let proxy = URLSessionDelegateProxy()
    let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
    let tokens = [
        proxy.onReceiveData { _, task, data in print("task \(task.taskIdentifier): \(data.count) bytes") },
        proxy.onRedirect { _, _, _, newRequest in
            newRequest.url?.host == "example.com" ? newRequest : nil   // nil refuses
        },
        proxy.onComplete { _, task, error in print("done", error ?? "no error") },
    ]
    session.dataTask(with: url).resume()
// snippet.hide
    _ = tokens
}
// snippet.show
