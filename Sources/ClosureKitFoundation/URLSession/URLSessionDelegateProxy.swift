import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A delegate proxy for `URLSession`: closures for every method of
/// `URLSessionDelegate`, `URLSessionTaskDelegate`, `URLSessionDataDelegate`,
/// `URLSessionDownloadDelegate`, `URLSessionStreamDelegate` and
/// `URLSessionWebSocketDelegate`, with a `realDelegate` that receives what
/// no closure answers.
///
/// A session takes its delegate once, when it is created, and holds it
/// strongly. So create the proxy first and the session with it:
///
/// ```swift
/// let proxy = URLSessionDelegateProxy()
/// let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
/// let tokens = [
///     proxy.onReceiveData { _, task, data in print("task \(task.taskIdentifier): \(data.count) bytes") },
///     proxy.onRedirect { _, _, _, newRequest in
///         newRequest.url?.host == "example.com" ? newRequest : nil   // nil refuses
///     },
///     proxy.onComplete { _, task, error in print("done", error ?? "no error") },
/// ]
/// session.dataTask(with: url).resume()
/// ```
///
/// `URLSession(configuration:delegateProxy:delegateQueue:)` passes
/// the proxy's ``sessionDelegate`` to the session and attaches the proxy to
/// it, so that the session keeps the proxy alive; `URLSession.delegateProxy`
/// finds it again.
///
/// ## Combining rules
///
/// No method of these protocols returns a value: the ones that decide
/// something (a redirect, a response disposition, a challenge, a cached
/// response, a body stream, a delayed request) take a completion handler.
/// For each of them the rule is **closure decides**: an `implement` or
/// `instead` closure answers alone and must call the completion handler
/// exactly once (an `instead` closure can call through to the real delegate
/// with `invocation.proceed()`); with no such closure the real delegate
/// decides; with neither, the proxy answers as Foundation does for a
/// delegate that does not implement the method (each selector says how). The
/// `on…` conveniences for these methods return the decision and call the
/// completion handler for you.
///
/// ## Threads
///
/// The session calls its delegate on its `delegateQueue`. Each closure runs
/// where the code that registered it lives (the rule of ClosureKit's
/// Isolation article): registered from nonisolated code, it is `@Sendable`
/// and runs on the delegate queue; registered from an actor, such as a
/// `@MainActor` view model, it is that actor's code and runs on the actor,
/// at once when the message is sent on it (a session whose delegate queue
/// is the main queue, for the main actor), otherwise enqueued to it in the
/// order the messages came. No method of these protocols returns a value, so
/// this holds for the deciders too: they call the completion handler from
/// the actor. Only an `instead` closure must answer at once, and it answers
/// only the messages sent on its actor.
///
/// ## The session's delegate object
///
/// `URLSessionDelegate` refines `NSObjectProtocol`, which only `NSObject`
/// subclasses can adopt on Apple platforms, so the object the session holds
/// (``sessionDelegate``) is a small internal `NSObject` that forwards every
/// message to this proxy. Do not make it the `realDelegate` of the same
/// proxy: the proxy ignores it there rather than loop.
// `@unchecked Sendable`, restated from `SendableDelegateProxy` as Swift asks
// of a subclass: the proxy adds no state of its own (its adapter is its
// base's stand-in, set in `init`), and every closure it holds is `@Sendable`.
public final class URLSessionDelegateProxy: SendableDelegateProxy<any URLSessionDelegate>, SelectorDeclaring,
    @unchecked Sendable
{
    /// The methods of `URLSessionDelegate` and the protocols that refine it (task, data, download, stream and
    /// WebSocket), one selector each.
    public struct Selectors: Sendable {
        // MARK: - URLSessionDelegate

        /// `urlSession(_:didBecomeInvalidWithError:)`: the session was
        /// invalidated (`finishTasksAndInvalidate()` or `invalidateAndCancel()`).
        ///
        /// Arguments: `(session, error)`.
        public let didBecomeInvalid = MethodSelector<(URLSession, (any Error)?), Void>(
            "urlSession(_:didBecomeInvalidWithError:)", objC: "URLSession:didBecomeInvalidWithError:")

        /// `urlSession(_:didReceive:completionHandler:)`: a session-level
        /// authentication challenge.
        ///
        /// Arguments: `(session, challenge, completionHandler)`. Closure decides
        /// (see ``URLSessionDelegateProxy``); with neither closure nor real
        /// delegate, `.performDefaultHandling` with no credential.
        public let didReceiveChallenge = MethodSelector<
            (
                URLSession, URLAuthenticationChallenge,
                @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
            ), Void
        >("urlSession(_:didReceive:completionHandler:)", objC: "URLSession:didReceiveChallenge:completionHandler:")

        // MARK: - URLSessionTaskDelegate

        /// `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`:
        /// the server redirected; pass the request to follow, or nil to stop and
        /// complete the task with the redirect response.
        ///
        /// Arguments: `(session, task, response, newRequest, completionHandler)`.
        /// Closure decides; with neither closure nor real delegate, the redirect
        /// is followed (`newRequest`).
        public let willPerformHTTPRedirection = MethodSelector<
            (URLSession, URLSessionTask, HTTPURLResponse, URLRequest, @Sendable (URLRequest?) -> Void), Void
        >(
            "urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)",
            objC: "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:")

        /// `urlSession(_:task:didReceive:completionHandler:)`: a task-level
        /// authentication challenge.
        ///
        /// Arguments: `(session, task, challenge, completionHandler)`. Closure
        /// decides; with neither closure nor real delegate (or a real delegate
        /// without this method), the challenge goes to ``didReceiveChallenge``,
        /// the session-level method, as Apple's `URLSession` does; there, with
        /// neither, `.performDefaultHandling` with no credential.
        public let taskDidReceiveChallenge = MethodSelector<
            (
                URLSession, URLSessionTask, URLAuthenticationChallenge,
                @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
            ), Void
        >(
            "urlSession(_:task:didReceive:completionHandler:)",
            objC: "URLSession:task:didReceiveChallenge:completionHandler:")

        /// `urlSession(_:task:needNewBodyStream:)`: an upload needs its body
        /// stream again.
        ///
        /// Arguments: `(session, task, completionHandler)`. Closure decides; with
        /// neither, nil (no stream).
        public let needNewBodyStream = MethodSelector<
            (URLSession, URLSessionTask, @Sendable (InputStream?) -> Void), Void
        >("urlSession(_:task:needNewBodyStream:)", objC: "URLSession:task:needNewBodyStream:")

        /// `urlSession(_:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:)`:
        /// upload progress.
        ///
        /// Arguments: `(session, task, bytesSent, totalBytesSent, totalBytesExpectedToSend)`.
        public let didSendBodyData = MethodSelector<(URLSession, URLSessionTask, Int64, Int64, Int64), Void>(
            "urlSession(_:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:)",
            objC: "URLSession:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:")

        /// `urlSession(_:task:didCompleteWithError:)`: the task finished, with an
        /// error if it failed.
        ///
        /// Arguments: `(session, task, error)`.
        public let didComplete = MethodSelector<(URLSession, URLSessionTask, (any Error)?), Void>(
            "urlSession(_:task:didCompleteWithError:)", objC: "URLSession:task:didCompleteWithError:")

        /// `urlSession(_:task:willBeginDelayedRequest:completionHandler:)`: a
        /// delayed task is about to start.
        ///
        /// Arguments: `(session, task, request, completionHandler)`. Closure
        /// decides; with neither, `.continueLoading` with no new request.
        public let willBeginDelayedRequest = MethodSelector<
            (
                URLSession, URLSessionTask, URLRequest,
                @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
            ), Void
        >(
            "urlSession(_:task:willBeginDelayedRequest:completionHandler:)",
            objC: "URLSession:task:willBeginDelayedRequest:completionHandler:")

        /// `urlSession(_:task:didFinishCollecting:)`: the task's metrics.
        ///
        /// Arguments: `(session, task, metrics)`.
        public let didFinishCollectingMetrics = MethodSelector<
            (URLSession, URLSessionTask, URLSessionTaskMetrics), Void
        >("urlSession(_:task:didFinishCollecting:)", objC: "URLSession:task:didFinishCollectingMetrics:")

        // MARK: - URLSessionDataDelegate

        /// `urlSession(_:dataTask:didReceive:completionHandler:)`: the response
        /// head arrived.
        ///
        /// Arguments: `(session, dataTask, response, completionHandler)`. Closure
        /// decides; with neither, `.allow`.
        public let didReceiveResponse = MethodSelector<
            (URLSession, URLSessionDataTask, URLResponse, @Sendable (URLSession.ResponseDisposition) -> Void), Void
        >(
            "urlSession(_:dataTask:didReceive:completionHandler:)",
            objC: "URLSession:dataTask:didReceiveResponse:completionHandler:")

        /// `urlSession(_:dataTask:didBecome:)` (download task): the data task was
        /// turned into a download task.
        ///
        /// Arguments: `(session, dataTask, downloadTask)`. Its name for the
        /// name-based entry points is `"urlSession(_:dataTask:didBecome:)-downloadTask"`,
        /// since the protocol has two methods of that Swift name.
        public let didBecomeDownloadTask = MethodSelector<
            (URLSession, URLSessionDataTask, URLSessionDownloadTask), Void
        >("urlSession(_:dataTask:didBecome:)-downloadTask", objC: "URLSession:dataTask:didBecomeDownloadTask:")

        /// `urlSession(_:dataTask:didBecome:)` (stream task): the data task was
        /// turned into a stream task.
        ///
        /// Arguments: `(session, dataTask, streamTask)`. Its name for the
        /// name-based entry points is `"urlSession(_:dataTask:didBecome:)-streamTask"`.
        public let didBecomeStreamTask = MethodSelector<
            (URLSession, URLSessionDataTask, URLSessionStreamTask), Void
        >("urlSession(_:dataTask:didBecome:)-streamTask", objC: "URLSession:dataTask:didBecomeStreamTask:")

        /// `urlSession(_:dataTask:didReceive:)`: a chunk of the body. The body
        /// may arrive in any number of chunks.
        ///
        /// Arguments: `(session, dataTask, data)`.
        public let didReceiveData = MethodSelector<(URLSession, URLSessionDataTask, Data), Void>(
            "urlSession(_:dataTask:didReceive:)", objC: "URLSession:dataTask:didReceiveData:")

        /// `urlSession(_:dataTask:willCacheResponse:completionHandler:)`: the
        /// response is about to be cached; pass it (or another) to cache it, nil
        /// not to.
        ///
        /// Arguments: `(session, dataTask, proposedResponse, completionHandler)`.
        /// Closure decides; with neither, the proposed response is cached.
        public let willCacheResponse = MethodSelector<
            (URLSession, URLSessionDataTask, CachedURLResponse, @Sendable (CachedURLResponse?) -> Void), Void
        >(
            "urlSession(_:dataTask:willCacheResponse:completionHandler:)",
            objC: "URLSession:dataTask:willCacheResponse:completionHandler:")

        // MARK: - URLSessionDownloadDelegate

        /// `urlSession(_:downloadTask:didFinishDownloadingTo:)`: the download is
        /// in a temporary file, which is removed when the call returns: move or
        /// read it inside the closure.
        ///
        /// Arguments: `(session, downloadTask, location)`.
        public let didFinishDownloading = MethodSelector<(URLSession, URLSessionDownloadTask, URL), Void>(
            "urlSession(_:downloadTask:didFinishDownloadingTo:)",
            objC: "URLSession:downloadTask:didFinishDownloadingToURL:")

        /// `urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:)`:
        /// download progress.
        ///
        /// Arguments: `(session, downloadTask, bytesWritten, totalBytesWritten, totalBytesExpectedToWrite)`.
        public let didWriteData = MethodSelector<
            (URLSession, URLSessionDownloadTask, Int64, Int64, Int64), Void
        >(
            "urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:)",
            objC: "URLSession:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:")

        /// `urlSession(_:downloadTask:didResumeAtOffset:expectedTotalBytes:)`: a
        /// download resumed from resume data.
        ///
        /// Arguments: `(session, downloadTask, fileOffset, expectedTotalBytes)`.
        public let didResumeAtOffset = MethodSelector<(URLSession, URLSessionDownloadTask, Int64, Int64), Void>(
            "urlSession(_:downloadTask:didResumeAtOffset:expectedTotalBytes:)",
            objC: "URLSession:downloadTask:didResumeAtOffset:expectedTotalBytes:")

        // MARK: - URLSessionStreamDelegate

        /// `urlSession(_:readClosedFor:)`: the read side of a stream task closed.
        ///
        /// Arguments: `(session, streamTask)`.
        public let readClosed = MethodSelector<(URLSession, URLSessionStreamTask), Void>(
            "urlSession(_:readClosedFor:)", objC: "URLSession:readClosedForStreamTask:")

        /// `urlSession(_:writeClosedFor:)`: the write side of a stream task closed.
        ///
        /// Arguments: `(session, streamTask)`.
        public let writeClosed = MethodSelector<(URLSession, URLSessionStreamTask), Void>(
            "urlSession(_:writeClosedFor:)", objC: "URLSession:writeClosedForStreamTask:")

        /// `urlSession(_:betterRouteDiscoveredFor:)`: a better route to the host
        /// exists.
        ///
        /// Arguments: `(session, streamTask)`.
        public let betterRouteDiscovered = MethodSelector<(URLSession, URLSessionStreamTask), Void>(
            "urlSession(_:betterRouteDiscoveredFor:)", objC: "URLSession:betterRouteDiscoveredForStreamTask:")

        /// `urlSession(_:streamTask:didBecome:outputStream:)`: a stream task was
        /// turned into a pair of streams.
        ///
        /// Arguments: `(session, streamTask, inputStream, outputStream)`.
        public let didBecomeStreams = MethodSelector<
            (URLSession, URLSessionStreamTask, InputStream, OutputStream), Void
        >(
            "urlSession(_:streamTask:didBecome:outputStream:)",
            objC: "URLSession:streamTask:didBecomeInputStream:outputStream:")

        // MARK: - URLSessionWebSocketDelegate

        /// `urlSession(_:webSocketTask:didOpenWithProtocol:)`: the WebSocket
        /// handshake finished.
        ///
        /// Arguments: `(session, webSocketTask, protocol)`.
        public let webSocketDidOpen = MethodSelector<(URLSession, URLSessionWebSocketTask, String?), Void>(
            "urlSession(_:webSocketTask:didOpenWithProtocol:)", objC: "URLSession:webSocketTask:didOpenWithProtocol:")

        /// `urlSession(_:webSocketTask:didCloseWith:reason:)`: the WebSocket
        /// closed.
        ///
        /// Arguments: `(session, webSocketTask, closeCode, reason)`.
        public let webSocketDidClose = MethodSelector<
            (URLSession, URLSessionWebSocketTask, URLSessionWebSocketTask.CloseCode, Data?), Void
        >("urlSession(_:webSocketTask:didCloseWith:reason:)", objC: "URLSession:webSocketTask:didCloseWithCode:reason:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    // MARK: - The session's delegate

    /// Creates a proxy with no closures and no real delegate.
    public required init() {
        super.init()
        URLSessionDelegateAdapter().serve(self)
    }

    /// The object to pass as a session's `delegate`: it forwards every
    /// message to this proxy.
    ///
    /// The session holds it strongly, but it does not keep the proxy alive:
    /// attach the proxy to the session with `attach(to:)`, which
    /// `URLSession(configuration:delegateProxy:delegateQueue:)` does, or keep
    /// it alive yourself for as long as the session may send messages (see
    /// ``DelegateProxyAdapter``). Once the proxy has ended, the session's
    /// delegate answers as one that implements nothing.
    public var sessionDelegate: any URLSessionDelegate { servingAdapter }
}
