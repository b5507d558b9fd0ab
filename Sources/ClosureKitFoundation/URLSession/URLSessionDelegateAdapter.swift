import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a `URLSession` holds as its delegate: an `NSObject` (as
/// `URLSessionDelegate` requires) that adopts every session delegate
/// protocol and forwards each message to its ``URLSessionDelegateProxy``.
///
/// When its proxy has ended, it answers as a delegate that implements
/// nothing would: completion handlers get Foundation's defaults.
///
/// `@unchecked Sendable`: the session delegate protocols require `Sendable`
/// on Linux. The adapter has no state of its own; its base's reference to
/// the proxy is set before the adapter is shared, and cleared as the proxy
/// ends (see `DelegateProxyAdapter`).
final class URLSessionDelegateAdapter: DelegateProxyAdapter, URLSessionDataDelegate, URLSessionDownloadDelegate,
    URLSessionStreamDelegate, URLSessionWebSocketDelegate, @unchecked Sendable
{
    private typealias P = URLSessionDelegateProxy

    /// The proxy, or nil once it has ended.
    private var proxy: URLSessionDelegateProxy? { withProxy(URLSessionDelegateProxy.self) { $0 } }

    // MARK: URLSessionDelegate

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didBecomeInvalid, (session, error),
            call: proxy.toReal((any URLSessionDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:didBecomeInvalidWithError:))?($1.0, $1.1) != nil
            })
    }

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let proxy else { return completionHandler(.performDefaultHandling, nil) }
        proxy.forward(
            P.selectors.didReceiveChallenge, (session, challenge, completionHandler),
            default: completionHandler(.performDefaultHandling, nil),
            call: proxy.toReal((any URLSessionDelegate).self, { completionHandler(.performDefaultHandling, nil) }) {
                return self.optionalMethod($0.urlSession(_:didReceive:completionHandler:))?(
                    $1.0, $1.1, $1.2) != nil
            })
    }

    // MARK: URLSessionTaskDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let proxy else { return completionHandler(request) }
        proxy.forward(
            P.selectors.willPerformHTTPRedirection, (session, task, response, request, completionHandler),
            default: completionHandler(request),
            call: proxy.toReal((any URLSessionTaskDelegate).self, { completionHandler(request) }) {
                return self.optionalMethod(
                    $0.urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:))?(
                        $1.0, $1.1, $1.2, $1.3, $1.4) != nil
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let proxy else { return completionHandler(.performDefaultHandling, nil) }
        // Unanswered at the task level, a challenge goes to the session level,
        // as Apple's URLSession does for a delegate without the task method.
        let sessionLevel = { self.urlSession(session, didReceive: challenge, completionHandler: completionHandler) }
        proxy.forward(
            P.selectors.taskDidReceiveChallenge, (session, task, challenge, completionHandler),
            default: sessionLevel(),
            call: proxy.toReal((any URLSessionTaskDelegate).self, sessionLevel) {
                return self.optionalMethod($0.urlSession(_:task:didReceive:completionHandler:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        guard let proxy else { return completionHandler(nil) }
        proxy.forward(
            P.selectors.needNewBodyStream, (session, task, completionHandler),
            default: completionHandler(nil),
            call: proxy.toReal((any URLSessionTaskDelegate).self, { completionHandler(nil) }) {
                return self.optionalMethod($0.urlSession(_:task:needNewBodyStream:))?($1.0, $1.1, $1.2)
                    != nil
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didSendBodyData, (session, task, bytesSent, totalBytesSent, totalBytesExpectedToSend),
            call: proxy.toReal((any URLSessionTaskDelegate).self, {}) {
                return self.optionalMethod(
                    $0.urlSession(_:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:))?(
                        $1.0, $1.1, $1.2, $1.3, $1.4) != nil
            })
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didComplete, (session, task, error),
            call: proxy.toReal((any URLSessionTaskDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:task:didCompleteWithError:))?($1.0, $1.1, $1.2) != nil
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) {
        guard let proxy else { return completionHandler(.continueLoading, nil) }
        proxy.forward(
            P.selectors.willBeginDelayedRequest, (session, task, request, completionHandler),
            default: completionHandler(.continueLoading, nil),
            call: proxy.toReal((any URLSessionTaskDelegate).self, { completionHandler(.continueLoading, nil) }) {
                return self.optionalMethod($0.urlSession(_:task:willBeginDelayedRequest:completionHandler:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didFinishCollectingMetrics, (session, task, metrics),
            call: proxy.toReal((any URLSessionTaskDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:task:didFinishCollecting:))?($1.0, $1.1, $1.2) != nil
            })
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let proxy else { return completionHandler(.allow) }
        proxy.forward(
            P.selectors.didReceiveResponse, (session, dataTask, response, completionHandler),
            default: completionHandler(.allow),
            call: proxy.toReal((any URLSessionDataDelegate).self, { completionHandler(.allow) }) {
                return self.optionalMethod($0.urlSession(_:dataTask:didReceive:completionHandler:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didBecomeDownloadTask, (session, dataTask, downloadTask),
            call: proxy.toReal((any URLSessionDataDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:dataTask:didBecome:))?($1.0, $1.1, $1.2)
                    != nil
            })
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didBecomeStreamTask, (session, dataTask, streamTask),
            call: proxy.toReal((any URLSessionDataDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:dataTask:didBecome:))?($1.0, $1.1, $1.2) != nil
            })
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didReceiveData, (session, dataTask, data),
            call: proxy.toReal((any URLSessionDataDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:dataTask:didReceive:))?($1.0, $1.1, $1.2) != nil
            })
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        guard let proxy else { return completionHandler(proposedResponse) }
        proxy.forward(
            P.selectors.willCacheResponse, (session, dataTask, proposedResponse, completionHandler),
            default: completionHandler(proposedResponse),
            call: proxy.toReal((any URLSessionDataDelegate).self, { completionHandler(proposedResponse) }) {
                return self.optionalMethod($0.urlSession(_:dataTask:willCacheResponse:completionHandler:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }

    // MARK: URLSessionDownloadDelegate

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didFinishDownloading, (session, downloadTask, location),
            call: proxy.toReal((any URLSessionDownloadDelegate).self, {}) {
                // A required method on every platform.
                $0.urlSession($1.0, downloadTask: $1.1, didFinishDownloadingTo: $1.2)
                return true
            })
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didWriteData,
            (session, downloadTask, bytesWritten, totalBytesWritten, totalBytesExpectedToWrite),
            call: proxy.toReal((any URLSessionDownloadDelegate).self, {}) {
                return self.optionalMethod(
                    $0.urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:))?(
                        $1.0, $1.1, $1.2, $1.3, $1.4) != nil
            })
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didResumeAtOffset, (session, downloadTask, fileOffset, expectedTotalBytes),
            call: proxy.toReal((any URLSessionDownloadDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:downloadTask:didResumeAtOffset:expectedTotalBytes:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }

    // MARK: URLSessionStreamDelegate

    func urlSession(_ session: URLSession, readClosedFor streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.readClosed, (session, streamTask),
            call: proxy.toReal((any URLSessionStreamDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:readClosedFor:))?($1.0, $1.1) != nil
            })
    }

    func urlSession(_ session: URLSession, writeClosedFor streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.writeClosed, (session, streamTask),
            call: proxy.toReal((any URLSessionStreamDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:writeClosedFor:))?($1.0, $1.1) != nil
            })
    }

    func urlSession(_ session: URLSession, betterRouteDiscoveredFor streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.betterRouteDiscovered, (session, streamTask),
            call: proxy.toReal((any URLSessionStreamDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:betterRouteDiscoveredFor:))?($1.0, $1.1) != nil
            })
    }

    func urlSession(
        _ session: URLSession, streamTask: URLSessionStreamTask, didBecome inputStream: InputStream,
        outputStream: OutputStream
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.didBecomeStreams, (session, streamTask, inputStream, outputStream),
            call: proxy.toReal((any URLSessionStreamDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:streamTask:didBecome:outputStream:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }

    // MARK: URLSessionWebSocketDelegate

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.webSocketDidOpen, (session, webSocketTask, `protocol`),
            call: proxy.toReal((any URLSessionWebSocketDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:webSocketTask:didOpenWithProtocol:))?(
                    $1.0, $1.1, $1.2) != nil
            })
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.selectors.webSocketDidClose, (session, webSocketTask, closeCode, reason),
            call: proxy.toReal((any URLSessionWebSocketDelegate).self, {}) {
                return self.optionalMethod($0.urlSession(_:webSocketTask:didCloseWith:reason:))?(
                    $1.0, $1.1, $1.2, $1.3) != nil
            })
    }
}
