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
    URLSessionStreamDelegate, URLSessionWebSocketDelegate, ProxyServingAdapter, @unchecked Sendable
{
    typealias Proxy = URLSessionDelegateProxy

    // MARK: URLSessionDelegate

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        send(Proxy.selectors.didBecomeInvalid, (session, error)) {
            $0.urlSession(_:didBecomeInvalidWithError:)
        }
    }

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let arguments = (session, challenge, completionHandler)
        send(Proxy.selectors.didReceiveChallenge, arguments, default: completionHandler(.performDefaultHandling, nil)) {
            optionalMethod($0.urlSession(_:didReceive:completionHandler:))?($1.0, $1.1, $1.2)
        }
    }

    // MARK: URLSessionTaskDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let arguments = (session, task, response, request, completionHandler)
        send(Proxy.selectors.willPerformHTTPRedirection, arguments, default: completionHandler(request)) {
            optionalMethod(
                ($0 as? any URLSessionTaskDelegate)?.urlSession(
                    _:task:willPerformHTTPRedirection:newRequest:completionHandler:))?($1.0, $1.1, $1.2, $1.3, $1.4)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Unanswered at the task level, a challenge goes to the session level,
        // as Apple's URLSession does for a delegate without the task method.
        let sessionLevel = { self.urlSession(session, didReceive: challenge, completionHandler: completionHandler) }
        send(
            Proxy.selectors.taskDidReceiveChallenge, (session, task, challenge, completionHandler),
            default: sessionLevel()
        ) {
            optionalMethod(($0 as? any URLSessionTaskDelegate)?.urlSession(_:task:didReceive:completionHandler:))?(
                $1.0, $1.1, $1.2, $1.3)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        send(Proxy.selectors.needNewBodyStream, (session, task, completionHandler), default: completionHandler(nil)) {
            optionalMethod(($0 as? any URLSessionTaskDelegate)?.urlSession(_:task:needNewBodyStream:))?(
                $1.0, $1.1, $1.2)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        send(Proxy.selectors.didSendBodyData, (session, task, bytesSent, totalBytesSent, totalBytesExpectedToSend)) {
            ($0 as? any URLSessionTaskDelegate)?.urlSession(
                _:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        send(Proxy.selectors.didComplete, (session, task, error)) {
            ($0 as? any URLSessionTaskDelegate)?.urlSession(_:task:didCompleteWithError:)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) {
        let arguments = (session, task, request, completionHandler)
        send(Proxy.selectors.willBeginDelayedRequest, arguments, default: completionHandler(.continueLoading, nil)) {
            optionalMethod(
                ($0 as? any URLSessionTaskDelegate)?.urlSession(_:task:willBeginDelayedRequest:completionHandler:))?(
                    $1.0, $1.1, $1.2, $1.3)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        send(Proxy.selectors.didFinishCollectingMetrics, (session, task, metrics)) {
            ($0 as? any URLSessionTaskDelegate)?.urlSession(_:task:didFinishCollecting:)
        }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let arguments = (session, dataTask, response, completionHandler)
        send(Proxy.selectors.didReceiveResponse, arguments, default: completionHandler(.allow)) {
            optionalMethod(($0 as? any URLSessionDataDelegate)?.urlSession(_:dataTask:didReceive:completionHandler:))?(
                $1.0, $1.1, $1.2, $1.3)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask
    ) {
        send(Proxy.selectors.didBecomeDownloadTask, (session, dataTask, downloadTask)) {
            ($0 as? any URLSessionDataDelegate)?.urlSession(_:dataTask:didBecome:)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {
        send(Proxy.selectors.didBecomeStreamTask, (session, dataTask, streamTask)) {
            ($0 as? any URLSessionDataDelegate)?.urlSession(_:dataTask:didBecome:)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        send(Proxy.selectors.didReceiveData, (session, dataTask, data)) {
            ($0 as? any URLSessionDataDelegate)?.urlSession(_:dataTask:didReceive:)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        let arguments = (session, dataTask, proposedResponse, completionHandler)
        send(Proxy.selectors.willCacheResponse, arguments, default: completionHandler(proposedResponse)) {
            optionalMethod(
                ($0 as? any URLSessionDataDelegate)?.urlSession(_:dataTask:willCacheResponse:completionHandler:))?(
                    $1.0, $1.1, $1.2, $1.3)
        }
    }

    // MARK: URLSessionDownloadDelegate

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        // A required method on every platform.
        send(Proxy.selectors.didFinishDownloading, (session, downloadTask, location)) {
            ($0 as? any URLSessionDownloadDelegate)?.urlSession(_:downloadTask:didFinishDownloadingTo:)
        }
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        let arguments = (session, downloadTask, bytesWritten, totalBytesWritten, totalBytesExpectedToWrite)
        send(Proxy.selectors.didWriteData, arguments) {
            ($0 as? any URLSessionDownloadDelegate)?.urlSession(
                _:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:)
        }
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        send(Proxy.selectors.didResumeAtOffset, (session, downloadTask, fileOffset, expectedTotalBytes)) {
            ($0 as? any URLSessionDownloadDelegate)?.urlSession(_:downloadTask:didResumeAtOffset:expectedTotalBytes:)
        }
    }

    // MARK: URLSessionStreamDelegate

    func urlSession(_ session: URLSession, readClosedFor streamTask: URLSessionStreamTask) {
        send(Proxy.selectors.readClosed, (session, streamTask)) {
            ($0 as? any URLSessionStreamDelegate)?.urlSession(_:readClosedFor:)
        }
    }

    func urlSession(_ session: URLSession, writeClosedFor streamTask: URLSessionStreamTask) {
        send(Proxy.selectors.writeClosed, (session, streamTask)) {
            ($0 as? any URLSessionStreamDelegate)?.urlSession(_:writeClosedFor:)
        }
    }

    func urlSession(_ session: URLSession, betterRouteDiscoveredFor streamTask: URLSessionStreamTask) {
        send(Proxy.selectors.betterRouteDiscovered, (session, streamTask)) {
            ($0 as? any URLSessionStreamDelegate)?.urlSession(_:betterRouteDiscoveredFor:)
        }
    }

    func urlSession(
        _ session: URLSession, streamTask: URLSessionStreamTask, didBecome inputStream: InputStream,
        outputStream: OutputStream
    ) {
        send(Proxy.selectors.didBecomeStreams, (session, streamTask, inputStream, outputStream)) {
            ($0 as? any URLSessionStreamDelegate)?.urlSession(_:streamTask:didBecome:outputStream:)
        }
    }

    // MARK: URLSessionWebSocketDelegate

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        send(Proxy.selectors.webSocketDidOpen, (session, webSocketTask, `protocol`)) {
            ($0 as? any URLSessionWebSocketDelegate)?.urlSession(_:webSocketTask:didOpenWithProtocol:)
        }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        send(Proxy.selectors.webSocketDidClose, (session, webSocketTask, closeCode, reason)) {
            ($0 as? any URLSessionWebSocketDelegate)?.urlSession(_:webSocketTask:didCloseWith:reason:)
        }
    }
}
