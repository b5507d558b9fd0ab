import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Closure conveniences for the messages most code handles.
///
/// Observers (`onReceiveData`, `onComplete`, `onDownloadProgress`, …) are
/// `after` closures: the real delegate still receives the message, first,
/// and several observers of one message all run in registration order.
///
/// Deciders (`onReceiveResponse`, `onRedirect`, `onChallenge`) answer the
/// message in place of the real delegate (the rule is **closure decides**):
/// the newest one answers, and its return value goes to the session's
/// completion handler for you.
///
/// Every closure runs on the session's `delegateQueue`.
extension URLSessionDelegateProxy {
    /// Decides what to do with a data task's response head.
    ///
    /// ```swift
    /// let token = proxy.onReceiveResponse { _, _, response in
    ///     (response as? HTTPURLResponse)?.statusCode == 200 ? .allow : .cancel
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - decide: Returns the disposition (`.allow` to receive the body).
    /// - Returns: The token that removes the closure.
    public func onReceiveResponse(
        options: RegistrationOptions = [],
        @_inheritActorContext _ decide:
            @escaping @isolated(any) @Sendable (
                _ session: URLSession, _ task: URLSessionDataTask, _ response: URLResponse
            ) -> URLSession.ResponseDisposition
    ) -> CancellationToken {
        let (actor, decide) = (decide.isolation, IsolatedCall.callable(decide))
        return implement(Self.selectors.didReceiveResponse, options: options, on: actor) {
            session, task, response, completionHandler in
            completionHandler(decide(session, task, response))
        }
    }

    /// Observes each chunk of a data task's body.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with each chunk, in order.
    /// - Returns: The token that removes the closure.
    public func onReceiveData(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler:
            @escaping @isolated(any) @Sendable (_ session: URLSession, _ task: URLSessionDataTask, _ data: Data) -> Void
    ) -> CancellationToken {
        observe(Self.selectors.didReceiveData, options, handler)
    }

    /// Decides whether to follow a redirect.
    ///
    /// ```swift
    /// let token = proxy.onRedirect { _, _, response, newRequest in
    ///     newRequest.url?.host == response.url?.host ? newRequest : nil   // same host only
    /// }
    /// ```
    ///
    /// Returning nil stops at the redirect: the task completes with the
    /// redirect response and its (usually empty) body.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - decide: Returns the request to follow (`newRequest` or another), or nil.
    /// - Returns: The token that removes the closure.
    public func onRedirect(
        options: RegistrationOptions = [],
        @_inheritActorContext _ decide:
            @escaping @isolated(any) @Sendable (
                _ session: URLSession, _ task: URLSessionTask, _ response: HTTPURLResponse, _ newRequest: URLRequest
            ) -> URLRequest?
    ) -> CancellationToken {
        let (actor, decide) = (decide.isolation, IsolatedCall.callable(decide))
        return implement(Self.selectors.willPerformHTTPRedirection, options: options, on: actor) {
            session, task, response, request, completionHandler in
            completionHandler(decide(session, task, response, request))
        }
    }

    /// Decides how to answer a task's authentication challenge.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - decide: Returns the disposition and, for `.useCredential`, the credential.
    /// - Returns: The token that removes the closure.
    public func onChallenge(
        options: RegistrationOptions = [],
        @_inheritActorContext _ decide:
            @escaping @isolated(any) @Sendable (
                _ session: URLSession, _ task: URLSessionTask, _ challenge: URLAuthenticationChallenge
            ) -> (URLSession.AuthChallengeDisposition, URLCredential?)
    ) -> CancellationToken {
        let (actor, decide) = (decide.isolation, IsolatedCall.callable(decide))
        return implement(Self.selectors.taskDidReceiveChallenge, options: options, on: actor) {
            session, task, challenge, completionHandler in
            let (disposition, credential) = decide(session, task, challenge)
            completionHandler(disposition, credential)
        }
    }

    /// Observes the end of each task: `error` is nil on success.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called once per task.
    /// - Returns: The token that removes the closure.
    public func onComplete(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler:
            @escaping @isolated(any) @Sendable (_ session: URLSession, _ task: URLSessionTask, _ error: (any Error)?) ->
            Void
    ) -> CancellationToken {
        observe(Self.selectors.didComplete, options, handler)
    }

    /// Observes upload progress.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the bytes sent since the last call, the total
    ///     sent, and the total expected (or `NSURLSessionTransferSizeUnknown`).
    /// - Returns: The token that removes the closure.
    public func onUploadProgress(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler:
            @escaping @isolated(any) @Sendable (
                _ session: URLSession, _ task: URLSessionTask, _ bytesSent: Int64, _ totalBytesSent: Int64,
                _ totalBytesExpectedToSend: Int64
            ) -> Void
    ) -> CancellationToken {
        observe(Self.selectors.didSendBodyData, options, handler)
    }

    /// Observes download progress.
    ///
    /// ```swift
    /// let token = proxy.onDownloadProgress { _, _, _, written, expected in
    ///     print("\(written) of \(expected) bytes")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the bytes written since the last call, the
    ///     total written, and the total expected (or
    ///     `NSURLSessionTransferSizeUnknown`).
    /// - Returns: The token that removes the closure.
    public func onDownloadProgress(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler:
            @escaping @isolated(any) @Sendable (
                _ session: URLSession, _ task: URLSessionDownloadTask, _ bytesWritten: Int64,
                _ totalBytesWritten: Int64,
                _ totalBytesExpectedToWrite: Int64
            ) -> Void
    ) -> CancellationToken {
        observe(Self.selectors.didWriteData, options, handler)
    }

    /// Observes finished downloads. The file at `location` is removed when
    /// the delegate method returns: move or read it inside.
    ///
    /// Unlike the other closures here, this one always runs on the session's
    /// delegate queue, whatever actor registers it: enqueued to an actor, it
    /// would run after the file is gone. Hand what you read from the file to
    /// your actor yourself.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the temporary file's URL.
    /// - Returns: The token that removes the closure.
    public func onFinishDownloading(
        options: RegistrationOptions = [],
        _ handler: @escaping @Sendable (_ session: URLSession, _ task: URLSessionDownloadTask, _ location: URL) -> Void
    ) -> CancellationToken {
        after(Self.selectors.didFinishDownloading, options: options, on: nil) {
            handler($0.arguments.0, $0.arguments.1, $0.arguments.2)
        }
    }

    /// Observes the session's invalidation.
    ///
    /// - Parameters:
    ///   - options: `.once` removes the closure after its first call.
    ///   - handler: Called with the error that invalidated the session, or
    ///     nil for an orderly `finishTasksAndInvalidate()`.
    /// - Returns: The token that removes the closure.
    public func onInvalidate(
        options: RegistrationOptions = [],
        @_inheritActorContext _ handler:
            @escaping @isolated(any) @Sendable (_ session: URLSession, _ error: (any Error)?) -> Void
    ) -> CancellationToken {
        observe(Self.selectors.didBecomeInvalid, options, handler)
    }

    /// What each observer does: an `after` closure that passes the caller's
    /// closure the message's arguments, on the closure's actor.
    private func observe<each Argument: Sendable>(
        _ selector: MethodSelector<(repeat each Argument), Void>, _ options: RegistrationOptions,
        _ handler: @escaping @isolated(any) @Sendable (repeat each Argument) -> Void
    ) -> CancellationToken {
        let (actor, handler) = (handler.isolation, IsolatedCall.callable(handler))
        return after(selector, options: options, on: actor) { handler(repeat each $0.arguments) }
    }
}
