import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Creates a session whose delegate is `delegateProxy`, and attaches the
    /// proxy to the session so that the session keeps it alive.
    ///
    /// ```swift
    /// let proxy = URLSessionDelegateProxy()
    /// proxy.realDelegate = existingDelegate        // optional, held weakly
    /// let session = URLSession(configuration: .default, delegateProxy: proxy, delegateQueue: nil)
    /// let token = proxy.onComplete { _, task, error in print(task.taskIdentifier, error ?? "ok") }
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration.
    ///   - delegateProxy: The proxy that answers the session's delegate
    ///     messages.
    ///   - delegateQueue: The queue the session calls its delegate on, and so
    ///     the proxy's closures; nil lets the session create a serial queue.
    public convenience init(
        configuration: URLSessionConfiguration,
        delegateProxy: URLSessionDelegateProxy,
        delegateQueue: OperationQueue?
    ) {
        self.init(configuration: configuration, delegate: delegateProxy.sessionDelegate, delegateQueue: delegateQueue)
        delegateProxy.attach(to: self)
    }

    /// The proxy attached to this session, if it was created with
    /// ``init(configuration:delegateProxy:delegateQueue:)`` (or the proxy was
    /// attached with `DelegateProxy.attach(to:)`); nil otherwise.
    public var delegateProxy: URLSessionDelegateProxy? {
        URLSessionDelegateProxy.existingProxy(for: self)
    }
}
