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
final class URLSessionDelegateAdapter: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate,
    URLSessionStreamDelegate, URLSessionWebSocketDelegate, @unchecked Sendable
{
    private typealias P = URLSessionDelegateProxy

    /// Set once, in the proxy's initializer, before the adapter is shared.
    /// Weak: the session keeps the proxy alive through its association.
    weak var proxy: URLSessionDelegateProxy?

    // MARK: URLSessionDelegate

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        guard let proxy else { return }
        proxy.forward(
            P.didBecomeInvalid, (session, error),
            to: proxy.toReal((any URLSessionDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, didBecomeInvalidWithError: $1.1) != nil
                #else
                $0.urlSession($1.0, didBecomeInvalidWithError: $1.1)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let proxy else { return completionHandler(.performDefaultHandling, nil) }
        proxy.forward(
            P.didReceiveChallenge, (session, challenge, completionHandler),
            default: completionHandler(.performDefaultHandling, nil),
            to: proxy.toReal((any URLSessionDelegate).self, { $0.2(.performDefaultHandling, nil) }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, didReceive: $1.1, completionHandler: $1.2) != nil
                #else
                $0.urlSession($1.0, didReceive: $1.1, completionHandler: $1.2)
                return true
                #endif
            })
    }

    // MARK: URLSessionTaskDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let proxy else { return completionHandler(request) }
        proxy.forward(
            P.willPerformHTTPRedirection, (session, task, response, request, completionHandler),
            default: completionHandler(request),
            to: proxy.toReal((any URLSessionTaskDelegate).self, { $0.4($0.3) }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?(
                    $1.0, task: $1.1, willPerformHTTPRedirection: $1.2, newRequest: $1.3, completionHandler: $1.4) != nil
                #else
                $0.urlSession(
                    $1.0, task: $1.1, willPerformHTTPRedirection: $1.2, newRequest: $1.3, completionHandler: $1.4)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let proxy else { return completionHandler(.performDefaultHandling, nil) }
        // Unanswered at the task level, a challenge goes to the session level,
        // as Apple's URLSession does for a delegate without the task method.
        let sessionLevel: @Sendable (
            (URLSession, URLSessionTask, URLAuthenticationChallenge,
            @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
        ) -> Void = { arguments in
            self.urlSession(arguments.0, didReceive: arguments.2, completionHandler: arguments.3)
        }
        proxy.forward(
            P.taskDidReceiveChallenge, (session, task, challenge, completionHandler),
            default: sessionLevel((session, task, challenge, completionHandler)),
            to: proxy.toReal((any URLSessionTaskDelegate).self, sessionLevel) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, task: $1.1, didReceive: $1.2, completionHandler: $1.3) != nil
                #else
                $0.urlSession($1.0, task: $1.1, didReceive: $1.2, completionHandler: $1.3)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        guard let proxy else { return completionHandler(nil) }
        proxy.forward(
            P.needNewBodyStream, (session, task, completionHandler),
            default: completionHandler(nil),
            to: proxy.toReal((any URLSessionTaskDelegate).self, { $0.2(nil) }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, task: $1.1, needNewBodyStream: $1.2) != nil
                #else
                $0.urlSession($1.0, task: $1.1, needNewBodyStream: $1.2)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.didSendBodyData, (session, task, bytesSent, totalBytesSent, totalBytesExpectedToSend),
            to: proxy.toReal((any URLSessionTaskDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?(
                    $1.0, task: $1.1, didSendBodyData: $1.2, totalBytesSent: $1.3, totalBytesExpectedToSend: $1.4) != nil
                #else
                $0.urlSession(
                    $1.0, task: $1.1, didSendBodyData: $1.2, totalBytesSent: $1.3, totalBytesExpectedToSend: $1.4)
                return true
                #endif
            })
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let proxy else { return }
        proxy.forward(
            P.didComplete, (session, task, error),
            to: proxy.toReal((any URLSessionTaskDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, task: $1.1, didCompleteWithError: $1.2) != nil
                #else
                $0.urlSession($1.0, task: $1.1, didCompleteWithError: $1.2)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) {
        guard let proxy else { return completionHandler(.continueLoading, nil) }
        proxy.forward(
            P.willBeginDelayedRequest, (session, task, request, completionHandler),
            default: completionHandler(.continueLoading, nil),
            to: proxy.toReal((any URLSessionTaskDelegate).self, { $0.3(.continueLoading, nil) }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, task: $1.1, willBeginDelayedRequest: $1.2, completionHandler: $1.3) != nil
                #else
                $0.urlSession($1.0, task: $1.1, willBeginDelayedRequest: $1.2, completionHandler: $1.3)
                return true
                #endif
            })
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        guard let proxy else { return }
        proxy.forward(
            P.didFinishCollectingMetrics, (session, task, metrics),
            to: proxy.toReal((any URLSessionTaskDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, task: $1.1, didFinishCollecting: $1.2) != nil
                #else
                $0.urlSession($1.0, task: $1.1, didFinishCollecting: $1.2)
                return true
                #endif
            })
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let proxy else { return completionHandler(.allow) }
        proxy.forward(
            P.didReceiveResponse, (session, dataTask, response, completionHandler),
            default: completionHandler(.allow),
            to: proxy.toReal((any URLSessionDataDelegate).self, { $0.3(.allow) }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, dataTask: $1.1, didReceive: $1.2, completionHandler: $1.3) != nil
                #else
                $0.urlSession($1.0, dataTask: $1.1, didReceive: $1.2, completionHandler: $1.3)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.didBecomeDownloadTask, (session, dataTask, downloadTask),
            to: proxy.toReal((any URLSessionDataDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, dataTask: $1.1, didBecome: $1.2) != nil
                #else
                $0.urlSession($1.0, dataTask: $1.1, didBecome: $1.2)
                return true
                #endif
            })
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.didBecomeStreamTask, (session, dataTask, streamTask),
            to: proxy.toReal((any URLSessionDataDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, dataTask: $1.1, didBecome: $1.2) != nil
                #else
                $0.urlSession($1.0, dataTask: $1.1, didBecome: $1.2)
                return true
                #endif
            })
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let proxy else { return }
        proxy.forward(
            P.didReceiveData, (session, dataTask, data),
            to: proxy.toReal((any URLSessionDataDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, dataTask: $1.1, didReceive: $1.2) != nil
                #else
                $0.urlSession($1.0, dataTask: $1.1, didReceive: $1.2)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        guard let proxy else { return completionHandler(proposedResponse) }
        proxy.forward(
            P.willCacheResponse, (session, dataTask, proposedResponse, completionHandler),
            default: completionHandler(proposedResponse),
            to: proxy.toReal((any URLSessionDataDelegate).self, { $0.3($0.2) }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, dataTask: $1.1, willCacheResponse: $1.2, completionHandler: $1.3) != nil
                #else
                $0.urlSession($1.0, dataTask: $1.1, willCacheResponse: $1.2, completionHandler: $1.3)
                return true
                #endif
            })
    }

    // MARK: URLSessionDownloadDelegate

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.didFinishDownloading, (session, downloadTask, location),
            to: proxy.toReal((any URLSessionDownloadDelegate).self, { _ in }) {
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
            P.didWriteData, (session, downloadTask, bytesWritten, totalBytesWritten, totalBytesExpectedToWrite),
            to: proxy.toReal((any URLSessionDownloadDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?(
                    $1.0, downloadTask: $1.1, didWriteData: $1.2, totalBytesWritten: $1.3,
                    totalBytesExpectedToWrite: $1.4) != nil
                #else
                $0.urlSession(
                    $1.0, downloadTask: $1.1, didWriteData: $1.2, totalBytesWritten: $1.3,
                    totalBytesExpectedToWrite: $1.4)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.didResumeAtOffset, (session, downloadTask, fileOffset, expectedTotalBytes),
            to: proxy.toReal((any URLSessionDownloadDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, downloadTask: $1.1, didResumeAtOffset: $1.2, expectedTotalBytes: $1.3) != nil
                #else
                $0.urlSession($1.0, downloadTask: $1.1, didResumeAtOffset: $1.2, expectedTotalBytes: $1.3)
                return true
                #endif
            })
    }

    // MARK: URLSessionStreamDelegate

    func urlSession(_ session: URLSession, readClosedFor streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.readClosed, (session, streamTask),
            to: proxy.toReal((any URLSessionStreamDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, readClosedFor: $1.1) != nil
                #else
                $0.urlSession($1.0, readClosedFor: $1.1)
                return true
                #endif
            })
    }

    func urlSession(_ session: URLSession, writeClosedFor streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.writeClosed, (session, streamTask),
            to: proxy.toReal((any URLSessionStreamDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, writeClosedFor: $1.1) != nil
                #else
                $0.urlSession($1.0, writeClosedFor: $1.1)
                return true
                #endif
            })
    }

    func urlSession(_ session: URLSession, betterRouteDiscoveredFor streamTask: URLSessionStreamTask) {
        guard let proxy else { return }
        proxy.forward(
            P.betterRouteDiscovered, (session, streamTask),
            to: proxy.toReal((any URLSessionStreamDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, betterRouteDiscoveredFor: $1.1) != nil
                #else
                $0.urlSession($1.0, betterRouteDiscoveredFor: $1.1)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, streamTask: URLSessionStreamTask, didBecome inputStream: InputStream,
        outputStream: OutputStream
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.didBecomeStreams, (session, streamTask, inputStream, outputStream),
            to: proxy.toReal((any URLSessionStreamDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, streamTask: $1.1, didBecome: $1.2, outputStream: $1.3) != nil
                #else
                $0.urlSession($1.0, streamTask: $1.1, didBecome: $1.2, outputStream: $1.3)
                return true
                #endif
            })
    }

    // MARK: URLSessionWebSocketDelegate

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.webSocketDidOpen, (session, webSocketTask, `protocol`),
            to: proxy.toReal((any URLSessionWebSocketDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, webSocketTask: $1.1, didOpenWithProtocol: $1.2) != nil
                #else
                $0.urlSession($1.0, webSocketTask: $1.1, didOpenWithProtocol: $1.2)
                return true
                #endif
            })
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        guard let proxy else { return }
        proxy.forward(
            P.webSocketDidClose, (session, webSocketTask, closeCode, reason),
            to: proxy.toReal((any URLSessionWebSocketDelegate).self, { _ in }) {
                #if canImport(ObjectiveC)
                return $0.urlSession?($1.0, webSocketTask: $1.1, didCloseWith: $1.2, reason: $1.3) != nil
                #else
                $0.urlSession($1.0, webSocketTask: $1.1, didCloseWith: $1.2, reason: $1.3)
                return true
                #endif
            })
    }
}
