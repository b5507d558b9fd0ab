// Samples of Sources/ClosureKitFoundation/URLSession/URLSessionDelegateProxy+Closures.swift
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

// Sources/ClosureKitFoundation/URLSession/URLSessionDelegateProxy+Closures.swift:22
// snippet.hide
func sample22(proxy: URLSessionDelegateProxy) async throws {
// snippet.show
    let token = proxy.onReceiveResponse { _, _, response in
        (response as? HTTPURLResponse)?.statusCode == 200 ? .allow : .cancel
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKitFoundation/URLSession/URLSessionDelegateProxy+Closures.swift:65
// snippet.hide
func sample59(proxy: URLSessionDelegateProxy) async throws {
// snippet.show
    let token = proxy.onRedirect { _, _, response, newRequest in
        newRequest.url?.host == response.url?.host ? newRequest : nil   // same host only
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKitFoundation/URLSession/URLSessionDelegateProxy+Closures.swift:155
// snippet.hide
func sample141(proxy: URLSessionDelegateProxy) async throws {
// snippet.show
    let token = proxy.onDownloadProgress { _, _, _, written, expected in
        print("\(written) of \(expected) bytes")
    }
// snippet.hide
    _ = token
}
// snippet.show
