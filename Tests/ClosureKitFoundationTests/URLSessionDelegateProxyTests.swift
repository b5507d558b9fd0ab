import ClosureKitFoundation
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session on a proxy, against a loopback server, with bounded timeouts.
private struct Harness {
    let server: LoopbackHTTPServer
    let proxy = URLSessionDelegateProxy()
    let queue: OperationQueue
    let session: URLSession

    init() throws {
        server = try LoopbackHTTPServer()
        queue = OperationQueue()
        queue.name = "ClosureKitFoundationTests.delegateQueue"
        queue.maxConcurrentOperationCount = 1
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 20
        configuration.connectionProxyDictionary = [:]
        session = URLSession(configuration: configuration, delegateProxy: proxy, delegateQueue: queue)
    }

    /// Runs `task` and returns its completion error (nil on success). Bounded
    /// by the session's timeouts.
    func run(_ task: URLSessionTask) async -> (any Error)? {
        let tokens = Recorder<CancellationToken>()
        let error: (any Error)? = await withCheckedContinuation { continuation in
            let token = proxy.onComplete(options: .once) { _, completed, error in
                guard completed === task else { return }
                continuation.resume(returning: error)
            }
            tokens.append(token)
            task.resume()
        }
        _ = tokens.values
        return error
    }

    func finish() {
        session.invalidateAndCancel()
        server.stop()
    }
}

/// What the tests record on the delegate queue.
private final class OnQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var offQueue: [String] = []
    let queue: OperationQueue

    init(_ queue: OperationQueue) {
        self.queue = queue
    }

    /// Records `name` if the current operation queue is not the delegate queue.
    func check(_ name: String) {
        if OperationQueue.current !== queue {
            lock.lock()
            offQueue.append(name)
            lock.unlock()
        }
    }

    var callsOffQueue: [String] {
        lock.lock()
        defer { lock.unlock() }
        return offQueue
    }
}

@Suite("URLSessionDelegateProxy against a loopback server")
struct URLSessionDelegateProxyTests {
    @Test("the response, then every data chunk, then completion, all on the delegate queue")
    func responseAndChunks() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let onQueue = OnQueue(harness.queue)
        let statuses = Recorder<Int>()
        let chunks = Recorder<Data>()
        let order = Recorder<String>()
        let tokens = [
            harness.proxy.onReceiveResponse { _, _, response in
                onQueue.check("response")
                order.append("response")
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? -1)
                return .allow
            },
            harness.proxy.onReceiveData { _, _, data in
                onQueue.check("data")
                if order.values.last != "data" { order.append("data") }
                chunks.append(data)
            },
            harness.proxy.onComplete { _, _, _ in
                onQueue.check("complete")
                order.append("complete")
            },
        ]

        let task = harness.session.dataTask(with: harness.server.url("/chunks"))
        let error = await harness.run(task)
        withExtendedLifetime(tokens) {}

        #expect(error == nil)
        #expect(statuses.values == [200])
        #expect(chunks.values.count >= 1)
        #expect(chunks.values.reduce(Data(), +) == LoopbackHTTPServer.chunkedBody)
        #expect(order.values == ["response", "data", "complete"])
        #expect(onQueue.callsOffQueue.isEmpty)
    }

    @Test("closures registered from the main actor get the delegate queue's messages on the main actor, in order")
    @MainActor
    func mainActorClosures() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        var chunks: [Data] = []
        var order: [String] = []
        var onDelegateQueue = 0
        let delegateQueue = harness.queue
        let tokens = [
            harness.proxy.onReceiveResponse { _, _, _ in
                if OperationQueue.current === delegateQueue { onDelegateQueue += 1 }
                order.append("response")
                return .allow
            },
            harness.proxy.onReceiveData { _, _, data in
                if OperationQueue.current === delegateQueue { onDelegateQueue += 1 }
                if order.last != "data" { order.append("data") }
                chunks.append(data)
            },
            harness.proxy.onComplete { _, _, _ in
                if OperationQueue.current === delegateQueue { onDelegateQueue += 1 }
                order.append("complete")
            },
        ]

        let task = harness.session.dataTask(with: harness.server.url("/chunks"))
        let error = await harness.run(task)
        // The delegate queue's messages wait for the main actor, in order.
        for _ in 0..<1_000_000 where order.last != "complete" { await Task.yield() }
        withExtendedLifetime(tokens) {}

        #expect(error == nil)
        #expect(order == ["response", "data", "complete"])
        #expect(chunks.reduce(Data(), +) == LoopbackHTTPServer.chunkedBody)
        #expect(onDelegateQueue == 0)
    }

    @Test("a redirect is followed when the closure returns the new request")
    func redirectFollowed() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let redirects = Recorder<String>()
        let body = Recorder<Data>()
        let tokens = [
            harness.proxy.onRedirect { _, _, response, newRequest in
                redirects.append("\(response.statusCode) -> \(newRequest.url?.path ?? "?")")
                return newRequest
            },
            harness.proxy.onReceiveData { _, _, data in body.append(data) },
        ]
        let task = harness.session.dataTask(with: harness.server.url("/redirect"))
        let error = await harness.run(task)
        withExtendedLifetime(tokens) {}

        #expect(error == nil)
        #expect(redirects.values == ["302 -> /target"])
        #expect(String(decoding: body.values.reduce(Data(), +), as: UTF8.self) == "arrived")
        #expect(harness.server.receivedRequests == ["GET /redirect", "GET /target"])
        #expect((task.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("a redirect is refused when the closure returns nil: the task ends at the 302")
    func redirectRefused() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let redirects = Recorder<Int>()
        let token = harness.proxy.onRedirect { _, _, response, _ in
            redirects.append(response.statusCode)
            return nil
        }
        let task = harness.session.dataTask(with: harness.server.url("/redirect"))
        let error = await harness.run(task)
        withExtendedLifetime(token) {}

        #expect(error == nil)
        #expect(redirects.values == [302])
        #expect((task.response as? HTTPURLResponse)?.statusCode == 302)
        #expect(harness.server.receivedRequests == ["GET /redirect"])
    }

    @Test("without a closure, the real delegate decides the redirect")
    func redirectDecidedByRealDelegate() async throws {
        final class Refuser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
            let asked = Recorder<Int>()
            func urlSession(
                _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
            ) {
                asked.append(response.statusCode)
                completionHandler(nil)
            }
        }
        let harness = try Harness()
        defer { harness.finish() }
        let refuser = Refuser()
        harness.proxy.realDelegate = refuser
        let task = harness.session.dataTask(with: harness.server.url("/redirect"))
        let error = await harness.run(task)

        #expect(error == nil)
        #expect(refuser.asked.values == [302])
        #expect((task.response as? HTTPURLResponse)?.statusCode == 302)
    }

    @Test("completion carries an error when the server closes the connection early")
    func serverClosesEarly() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let received = Recorder<Data>()
        let token = harness.proxy.onReceiveData { _, _, data in received.append(data) }
        let task = harness.session.dataTask(with: harness.server.url("/truncated"))
        let error = await harness.run(task)
        withExtendedLifetime(token) {}

        let failure = try #require(error) as NSError
        #expect(failure.domain == NSURLErrorDomain)
        #expect(received.values.reduce(0) { $0 + $1.count } <= LoopbackHTTPServer.truncatedSentLength)
    }

    @Test("a download reports progress up to the full size, then hands over the file")
    func downloadProgress() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let onQueue = OnQueue(harness.queue)
        let progress = Recorder<(Int64, Int64, Int64)>()
        let downloaded = Recorder<Data>()
        let tokens = [
            harness.proxy.onDownloadProgress { _, _, written, total, expected in
                onQueue.check("progress")
                progress.append((written, total, expected))
            },
            harness.proxy.onFinishDownloading { _, _, location in
                onQueue.check("finish")
                downloaded.append((try? Data(contentsOf: location)) ?? Data())
                // Linux Foundation leaves the temporary file behind after this method returns.
                try? FileManager.default.removeItem(at: location)
            },
        ]
        let task = harness.session.downloadTask(with: harness.server.url("/large"))
        let error = await harness.run(task)
        withExtendedLifetime(tokens) {}

        let size = Int64(LoopbackHTTPServer.largeBody.count)
        let steps = progress.values
        #expect(error == nil)
        #expect(steps.count >= 2)
        #expect(steps.last?.1 == size)
        #expect(steps.allSatisfy { $0.2 == size })
        #expect(steps.reduce(0) { $0 + $1.0 } == size)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.1 <= $1.1 })
        #expect(downloaded.values == [LoopbackHTTPServer.largeBody])
        #expect(onQueue.callsOffQueue.isEmpty)
    }

    @Test("the real delegate still receives what closures only observe")
    func realDelegateFallback() async throws {
        final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
            let chunks = Recorder<Data>()
            let completions = Recorder<Bool>()
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
                chunks.append(data)
            }
            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
                completions.append(error == nil)
            }
        }
        let harness = try Harness()
        defer { harness.finish() }
        let collector = Collector()
        harness.proxy.realDelegate = collector
        let observed = Recorder<Data>()
        let token = harness.proxy.onReceiveData { _, _, data in observed.append(data) }
        let error = await harness.run(harness.session.dataTask(with: harness.server.url("/chunks")))
        withExtendedLifetime(token) {}

        #expect(error == nil)
        #expect(collector.chunks.values.reduce(Data(), +) == LoopbackHTTPServer.chunkedBody)
        #expect(observed.values.reduce(Data(), +) == LoopbackHTTPServer.chunkedBody)
        #expect(collector.completions.values == [true])
    }

    @Test("an upload reports progress up to the body's size")
    func uploadProgress() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let onQueue = OnQueue(harness.queue)
        let progress = Recorder<(Int64, Int64, Int64)>()
        let reply = Recorder<Data>()
        let tokens = [
            harness.proxy.onUploadProgress { _, _, sent, total, expected in
                onQueue.check("upload")
                progress.append((sent, total, expected))
            },
            harness.proxy.onReceiveData { _, _, data in reply.append(data) },
        ]
        var request = URLRequest(url: harness.server.url("/upload"))
        request.httpMethod = "POST"
        let body = LoopbackHTTPServer.chunkedBody
        let error = await harness.run(harness.session.uploadTask(with: request, from: body))
        withExtendedLifetime(tokens) {}

        let steps = progress.values
        #expect(error == nil)
        #expect(!steps.isEmpty)
        #expect(steps.last?.1 == Int64(body.count))
        #expect(steps.reduce(0) { $0 + $1.0 } == Int64(body.count))
        #expect(String(decoding: reply.values.reduce(Data(), +), as: UTF8.self) == "\(body.count)")
        #expect(onQueue.callsOffQueue.isEmpty)
    }

    @Test("an authentication challenge is answered by the closure's credential")
    func challengeAnswered() async throws {
        let harness = try Harness()
        defer { harness.finish() }
        let challenges = Recorder<String>()
        let body = Recorder<Data>()
        let tokens = [
            harness.proxy.onChallenge { _, _, challenge in
                challenges.append(challenge.protectionSpace.authenticationMethod)
                guard challenge.previousFailureCount == 0 else { return (.cancelAuthenticationChallenge, nil) }
                return (.useCredential, URLCredential(user: "ada", password: "lovelace", persistence: .forSession))
            },
            harness.proxy.onReceiveData { _, _, data in body.append(data) },
        ]
        let task = harness.session.dataTask(with: harness.server.url("/auth"))
        let error = await harness.run(task)
        withExtendedLifetime(tokens) {}

        #expect(error == nil)
        #expect(challenges.values == [NSURLAuthenticationMethodHTTPBasic])
        #expect((task.response as? HTTPURLResponse)?.statusCode == 200)
        // swift-corelibs-foundation also hands over the 401's body before the retry's.
        #expect(String(decoding: body.values.reduce(Data(), +), as: UTF8.self).hasSuffix("welcome"))
        #expect(harness.server.receivedRequests == ["GET /auth", "GET /auth"])
    }

    @Test("the session keeps its proxy, finds it again, and the session's delegate is not the proxy's real delegate")
    func sessionKeepsProxy() throws {
        // Declared by the class, before this test's proxy exists.
        #expect(URLSessionDelegateProxy.declaredSelectors.count == 23)
        weak var weakProxy: URLSessionDelegateProxy?
        let session: URLSession
        do {
            let proxy = URLSessionDelegateProxy()
            weakProxy = proxy
            session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        }
        defer { session.invalidateAndCancel() }
        let proxy = try #require(weakProxy)
        #expect(session.delegateProxy === proxy)
        #expect(session.delegate === proxy.sessionDelegate)
        #expect(proxy.responds(to: "urlSession(_:dataTask:didBecome:)-downloadTask") == false)
        let token = proxy.onComplete { _, _, _ in }
        #expect(proxy.responds(to: URLSessionDelegateProxy.selectors.didComplete))
        token.cancel()

        // Its own adapter as real delegate must not loop.
        proxy.realDelegate = proxy.sessionDelegate
        let invalidated = Recorder<Bool>()
        let once = proxy.onInvalidate { _, error in invalidated.append(error == nil) }
        session.delegate?.urlSession(session, didBecomeInvalidWithError: nil)
        withExtendedLifetime(once) {}
        #expect(invalidated.values == [true])
    }
}
