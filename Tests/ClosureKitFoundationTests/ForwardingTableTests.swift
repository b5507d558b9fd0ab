import ClosureKitFoundation
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every protocol method reaches its own selector and the real delegate:
/// catches a method wired to the wrong selector, including the methods real
/// Foundation on Linux never sends (entity declarations, validation errors).
@Suite("Each protocol method forwards to its own selector and to the real delegate")
struct ForwardingTableTests {
    /// Observes every selector of `proxy` by name, recording the names in call order.
    static func observeAll<D>(_ proxy: DelegateProxyBase<D>, names: [String]) throws -> (
        Recorder<String>, [CancellationToken]
    ) {
        let seen = Recorder<String>()
        let tokens = try names.map { name in
            try proxy.hook(name, at: .before) { (invocation: Invocation<Any, Any>) in
                seen.append(invocation.selector.name)
            }
        }
        return (seen, tokens)
    }

    @Test("XMLParserDelegate: all 20 methods")
    func xmlParser() throws {
        let parser = XMLParser(data: Data())
        let real = RecordingXMLDelegate()
        parser.delegate = real
        let proxy = parser.delegateProxy
        let names = XMLParserDelegateProxy.declaredSelectors.map(\.name)
        let (seen, tokens) = try Self.observeAll(proxy, names: names)
        let delegate = try #require(parser.delegate)
        let error = NSError(domain: "test", code: 1)

        delegate.parserDidStartDocument(parser)
        delegate.parserDidEndDocument(parser)
        delegate.parser(parser, foundNotationDeclarationWithName: "n", publicID: "p", systemID: "s")
        delegate.parser(
            parser, foundUnparsedEntityDeclarationWithName: "u", publicID: nil, systemID: "s", notationName: "n")
        delegate.parser(
            parser, foundAttributeDeclarationWithName: "a", forElement: "e", type: "CDATA", defaultValue: nil)
        delegate.parser(parser, foundElementDeclarationWithName: "e", model: "ANY")
        delegate.parser(parser, foundInternalEntityDeclarationWithName: "i", value: "v")
        delegate.parser(parser, foundExternalEntityDeclarationWithName: "x", publicID: nil, systemID: "x.xml")
        delegate.parser(
            parser, didStartElement: "e", namespaceURI: "urn:e", qualifiedName: "p:e", attributes: ["k": "v"])
        delegate.parser(parser, didEndElement: "e", namespaceURI: "urn:e", qualifiedName: "p:e")
        delegate.parser(parser, didStartMappingPrefix: "p", toURI: "urn:e")
        delegate.parser(parser, didEndMappingPrefix: "p")
        delegate.parser(parser, foundCharacters: "text")
        delegate.parser(parser, foundIgnorableWhitespace: " ")
        delegate.parser(parser, foundProcessingInstructionWithTarget: "t", data: "d")
        delegate.parser(parser, foundComment: "c")
        delegate.parser(parser, foundCDATA: Data("cd".utf8))
        #expect(delegate.parser(parser, resolveExternalEntityName: "x", systemID: "x.xml") == nil)
        delegate.parser(parser, parseErrorOccurred: error)
        delegate.parser(parser, validationErrorOccurred: error)
        withExtendedLifetime(tokens) {}

        #expect(seen.values == names)
        #expect(
            real.events == [
                .startDocument, .endDocument,
                .notationDeclaration(name: "n", publicID: "p", systemID: "s"),
                .unparsedEntityDeclaration(name: "u", publicID: nil, systemID: "s", notationName: "n"),
                .attributeDeclaration(name: "a", element: "e", type: "CDATA", defaultValue: nil),
                .elementDeclaration(name: "e", model: "ANY"),
                .internalEntityDeclaration(name: "i", value: "v"),
                .externalEntityDeclaration(name: "x", publicID: nil, systemID: "x.xml"),
                .startElement(name: "e", namespaceURI: "urn:e", qualifiedName: "p:e", attributes: ["k": "v"]),
                .endElement(name: "e", namespaceURI: "urn:e", qualifiedName: "p:e"),
                .startMappingPrefix(prefix: "p", uri: "urn:e"), .endMappingPrefix(prefix: "p"),
                .characters("text"), .ignorableWhitespace(" "),
                .processingInstruction(target: "t", data: "d"), .comment("c"), .cdata(Data("cd".utf8)),
                .resolveExternalEntity(name: "x", systemID: "x.xml"),
                .parseError(code: 1, line: parser.lineNumber, column: parser.columnNumber),
                .validationError(code: 1, line: parser.lineNumber, column: parser.columnNumber),
            ])
    }

    /// A real delegate that records which methods it received.
    final class SessionRecorder: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, URLSessionStreamDelegate,
        URLSessionWebSocketDelegate, @unchecked Sendable
    {
        let calls = Recorder<String>()
        func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
            calls.append("invalid")
        }
        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            calls.append("sessionChallenge")
            completionHandler(.rejectProtectionSpace, nil)
        }
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            calls.append("redirect")
            completionHandler(nil)
        }
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            calls.append("taskChallenge")
            completionHandler(.rejectProtectionSpace, nil)
        }
        func urlSession(
            _ session: URLSession, task: URLSessionTask,
            needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
        ) {
            calls.append("bodyStream")
            completionHandler(InputStream(data: Data()))
        }
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
            totalBytesExpectedToSend: Int64
        ) { calls.append("sent") }
        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            calls.append("complete")
        }
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
        ) {
            calls.append("delayed")
            completionHandler(.cancel, nil)
        }
        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            calls.append("response")
            completionHandler(.cancel)
        }
        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask
        ) {
            calls.append("becomeDownload")
        }
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask)
        {
            calls.append("becomeStream")
        }
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            calls.append("data")
        }
        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
            completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
        ) {
            calls.append("cache")
            completionHandler(nil)
        }
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {
            calls.append("finished")
        }
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
            totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
        ) { calls.append("written") }
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
            expectedTotalBytes: Int64
        ) { calls.append("resumed") }
        func urlSession(_ session: URLSession, readClosedFor streamTask: URLSessionStreamTask) {
            calls.append("readClosed")
        }
        func urlSession(_ session: URLSession, writeClosedFor streamTask: URLSessionStreamTask) {
            calls.append("writeClosed")
        }
        func urlSession(_ session: URLSession, betterRouteDiscoveredFor streamTask: URLSessionStreamTask) {
            calls.append("betterRoute")
        }
        func urlSession(
            _ session: URLSession, streamTask: URLSessionStreamTask, didBecome inputStream: InputStream,
            outputStream: OutputStream
        ) { calls.append("streams") }
        func urlSession(
            _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
        ) { calls.append("wsOpen") }
        func urlSession(
            _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
            didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
        ) { calls.append("wsClose") }
    }

    final class Sender: NSObject, URLAuthenticationChallengeSender {
        func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
        func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
        func cancel(_ challenge: URLAuthenticationChallenge) {}
        func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
        func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
    }

    /// Sends every session delegate method to `delegate` but the metrics one
    /// and the stream-task ones (swift-corelibs-foundation can make neither
    /// metrics nor stream tasks); returns what the completion handlers
    /// received.
    static func sendAll(
        to delegate: any URLSessionDataDelegate & URLSessionDownloadDelegate & URLSessionStreamDelegate
            & URLSessionWebSocketDelegate, session: URLSession
    ) -> [String] {
        let answers = Recorder<String>()
        let url = URL(string: "http://127.0.0.1:9/")!
        let dataTask = session.dataTask(with: url)
        let downloadTask = session.downloadTask(with: url)
        let webSocketTask = session.webSocketTask(with: URL(string: "ws://127.0.0.1:9/")!)
        let response = HTTPURLResponse(url: url, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: [:])!
        let space = URLProtectionSpace(
            host: "127.0.0.1", port: 9, protocol: "http", realm: "r",
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil,
            sender: Sender())
        let request = URLRequest(url: url)

        delegate.urlSession(session, didBecomeInvalidWithError: nil)
        delegate.urlSession(session, didReceive: challenge) { disposition, _ in
            answers.append("session \(disposition.rawValue)")
        }
        delegate.urlSession(session, task: dataTask, willPerformHTTPRedirection: response, newRequest: request) {
            answers.append("redirect \($0 == nil ? "refused" : "followed")")
        }
        delegate.urlSession(session, task: dataTask, didReceive: challenge) { disposition, _ in
            answers.append("task \(disposition.rawValue)")
        }
        delegate.urlSession(
            session, task: dataTask, needNewBodyStream: { answers.append("stream \($0 == nil ? "nil" : "some")") })
        delegate.urlSession(session, task: dataTask, didSendBodyData: 1, totalBytesSent: 1, totalBytesExpectedToSend: 2)
        delegate.urlSession(session, task: dataTask, didCompleteWithError: nil)
        delegate.urlSession(session, task: dataTask, willBeginDelayedRequest: request) { disposition, _ in
            answers.append("delayed \(disposition)")
        }
        delegate.urlSession(session, dataTask: dataTask, didReceive: response) {
            answers.append("response \($0.rawValue)")
        }
        delegate.urlSession(session, dataTask: dataTask, didBecome: downloadTask)
        delegate.urlSession(session, dataTask: dataTask, didReceive: Data("x".utf8))
        delegate.urlSession(
            session, dataTask: dataTask, willCacheResponse: CachedURLResponse(response: response, data: Data())
        ) {
            answers.append("cache \($0 == nil ? "nil" : "some")")
        }
        delegate.urlSession(session, downloadTask: downloadTask, didFinishDownloadingTo: url)
        delegate.urlSession(
            session, downloadTask: downloadTask, didWriteData: 1, totalBytesWritten: 1, totalBytesExpectedToWrite: 2)
        delegate.urlSession(session, downloadTask: downloadTask, didResumeAtOffset: 1, expectedTotalBytes: 2)
        delegate.urlSession(session, webSocketTask: webSocketTask, didOpenWithProtocol: "chat")
        delegate.urlSession(session, webSocketTask: webSocketTask, didCloseWith: .normalClosure, reason: nil)
        return answers.values
    }

    @Test("URLSession delegates: every method Linux can send, with the real delegate's answers")
    func urlSessionWithRealDelegate() throws {
        let proxy = URLSessionDelegateProxy()
        let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let real = SessionRecorder()
        proxy.realDelegate = real
        let selectors = URLSessionDelegateProxy.selectors
        let unsent: Set<String> = [
            selectors.didFinishCollectingMetrics.name, selectors.didBecomeStreamTask.name, selectors.readClosed.name,
            selectors.writeClosed.name, selectors.betterRouteDiscovered.name, selectors.didBecomeStreams.name,
        ]
        let names = URLSessionDelegateProxy.declaredSelectors.map(\.name).filter { !unsent.contains($0) }
        let (seen, tokens) = try Self.observeAll(proxy, names: names)
        let adapter = try #require(
            proxy.sessionDelegate
                as? any URLSessionDataDelegate & URLSessionDownloadDelegate & URLSessionStreamDelegate
                & URLSessionWebSocketDelegate)

        let answers = Self.sendAll(to: adapter, session: session)
        withExtendedLifetime(tokens) {}

        #expect(seen.values == names)
        #expect(
            real.calls.values == [
                "invalid", "sessionChallenge", "redirect", "taskChallenge", "bodyStream", "sent", "complete", "delayed",
                "response", "becomeDownload", "data", "cache", "finished", "written", "resumed", "wsOpen", "wsClose",
            ])
        // The real delegate's decisions reach the completion handlers.
        let reject = URLSession.AuthChallengeDisposition.rejectProtectionSpace.rawValue
        #expect(
            answers == [
                "session \(reject)", "redirect refused", "task \(reject)", "stream some",
                "delayed \(URLSession.DelayedRequestDisposition.cancel)",
                "response \(URLSession.ResponseDisposition.cancel.rawValue)", "cache nil",
            ])
    }

    @Test("URLSession delegates: with neither closure nor real delegate, Foundation's defaults")
    func urlSessionDefaults() throws {
        let proxy = URLSessionDelegateProxy()
        let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let adapter = try #require(
            proxy.sessionDelegate
                as? any URLSessionDataDelegate & URLSessionDownloadDelegate & URLSessionStreamDelegate
                & URLSessionWebSocketDelegate)
        let answers = Self.sendAll(to: adapter, session: session)
        let defaultHandling = URLSession.AuthChallengeDisposition.performDefaultHandling.rawValue
        #expect(
            answers == [
                "session \(defaultHandling)", "redirect followed", "task \(defaultHandling)", "stream nil",
                "delayed \(URLSession.DelayedRequestDisposition.continueLoading)",
                "response \(URLSession.ResponseDisposition.allow.rawValue)", "cache some",
            ])
    }

    @Test("FileManagerDelegate: all 16 methods, combined with && against the real delegate")
    func fileManager() throws {
        final class Answering: NSObject, FileManagerDelegate, @unchecked Sendable {
            let calls = Recorder<String>()
            private func note(_ name: String) -> Bool {
                calls.append(name)
                return true
            }
            func fileManager(_ fm: FileManager, shouldCopyItemAtPath s: String, toPath d: String) -> Bool {
                note("copyPath")
            }
            func fileManager(
                _ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAtPath s: String, toPath d: String
            ) -> Bool { note("copyPathError") }
            func fileManager(_ fm: FileManager, shouldMoveItemAtPath s: String, toPath d: String) -> Bool {
                note("movePath")
            }
            func fileManager(
                _ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAtPath s: String, toPath d: String
            ) -> Bool { note("movePathError") }
            func fileManager(_ fm: FileManager, shouldLinkItemAtPath s: String, toPath d: String) -> Bool {
                note("linkPath")
            }
            func fileManager(
                _ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAtPath s: String, toPath d: String
            ) -> Bool { note("linkPathError") }
            func fileManager(_ fm: FileManager, shouldRemoveItemAtPath p: String) -> Bool { note("removePath") }
            func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAtPath p: String)
                -> Bool
            { note("removePathError") }
            func fileManager(_ fm: FileManager, shouldCopyItemAt s: URL, to d: URL) -> Bool { note("copy") }
            func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAt s: URL, to d: URL)
                -> Bool
            { note("copyError") }
            func fileManager(_ fm: FileManager, shouldMoveItemAt s: URL, to d: URL) -> Bool { note("move") }
            func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAt s: URL, to d: URL)
                -> Bool
            { note("moveError") }
            func fileManager(_ fm: FileManager, shouldLinkItemAt s: URL, to d: URL) -> Bool { note("link") }
            func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAt s: URL, to d: URL)
                -> Bool
            { note("linkError") }
            func fileManager(_ fm: FileManager, shouldRemoveItemAt u: URL) -> Bool { note("remove") }
            func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAt u: URL) -> Bool {
                note("removeError")
            }
        }
        let files = FileManager()
        let real = Answering()
        files.delegate = real
        let proxy = files.delegateProxy
        let names = FileManagerDelegateProxy.declaredSelectors.map(\.name)
        let (seen, tokens) = try Self.observeAll(proxy, names: names)
        // A closure for every method that says no: && makes every answer false.
        let refusals = [
            proxy.implement(FileManagerDelegateProxy.selectors.shouldCopyItemAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterCopyErrorAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldMoveItemAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterMoveErrorAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldLinkItemAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterLinkErrorAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldRemoveItemAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterRemoveErrorAtPath) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldCopyItem) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterCopyError) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldMoveItem) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterMoveError) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldLinkItem) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterLinkError) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldRemoveItem) { _ in false },
            proxy.implement(FileManagerDelegateProxy.selectors.shouldProceedAfterRemoveError) { _ in false },
        ]
        let d = try #require(files.delegate)
        let (a, b) = ("/tmp/a", "/tmp/b")
        let (ua, ub) = (URL(fileURLWithPath: a), URL(fileURLWithPath: b))
        let e = NSError(domain: "test", code: 1)
        let answers = [
            d.fileManager(files, shouldCopyItemAtPath: a, toPath: b),
            d.fileManager(files, shouldProceedAfterError: e, copyingItemAtPath: a, toPath: b),
            d.fileManager(files, shouldMoveItemAtPath: a, toPath: b),
            d.fileManager(files, shouldProceedAfterError: e, movingItemAtPath: a, toPath: b),
            d.fileManager(files, shouldLinkItemAtPath: a, toPath: b),
            d.fileManager(files, shouldProceedAfterError: e, linkingItemAtPath: a, toPath: b),
            d.fileManager(files, shouldRemoveItemAtPath: a),
            d.fileManager(files, shouldProceedAfterError: e, removingItemAtPath: a),
            d.fileManager(files, shouldCopyItemAt: ua, to: ub),
            d.fileManager(files, shouldProceedAfterError: e, copyingItemAt: ua, to: ub),
            d.fileManager(files, shouldMoveItemAt: ua, to: ub),
            d.fileManager(files, shouldProceedAfterError: e, movingItemAt: ua, to: ub),
            d.fileManager(files, shouldLinkItemAt: ua, to: ub),
            d.fileManager(files, shouldProceedAfterError: e, linkingItemAt: ua, to: ub),
            d.fileManager(files, shouldRemoveItemAt: ua),
            d.fileManager(files, shouldProceedAfterError: e, removingItemAt: ua),
        ]
        withExtendedLifetime((tokens, refusals)) {}

        #expect(seen.values == names)
        #expect(answers == Array(repeating: false, count: 16))
        #expect(
            real.calls.values == [
                "copyPath", "copyPathError", "movePath", "movePathError", "linkPath", "linkPathError", "removePath",
                "removePathError", "copy", "copyError", "move", "moveError", "link", "linkError", "remove",
                "removeError",
            ])
    }

    @Test("NSKeyedArchiverDelegate and NSKeyedUnarchiverDelegate: all 10 methods")
    func keyedArchivers() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let archiverProxy = NSKeyedArchiverDelegateProxy.proxy(for: archiver)
        let (archived, archiverTokens) = try Self.observeAll(
            archiverProxy, names: NSKeyedArchiverDelegateProxy.declaredSelectors.map(\.name))
        let a = try #require(archiver.delegate)
        #expect((a.archiver(archiver, willEncode: "x" as NSString) as? NSString) == "x")
        a.archiver(archiver, didEncode: nil)
        a.archiver(archiver, willReplace: nil, withObject: nil)
        a.archiverWillFinish(archiver)
        a.archiverDidFinish(archiver)
        withExtendedLifetime(archiverTokens) {}
        #expect(archived.values == NSKeyedArchiverDelegateProxy.declaredSelectors.map(\.name))

        let emptyArchive = NSKeyedArchiver(requiringSecureCoding: false)
        emptyArchive.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: emptyArchive.encodedData)
        let unarchiverProxy = NSKeyedUnarchiverDelegateProxy.proxy(for: unarchiver)
        let (unarchived, unarchiverTokens) = try Self.observeAll(
            unarchiverProxy, names: NSKeyedUnarchiverDelegateProxy.declaredSelectors.map(\.name))
        let u = try #require(unarchiver.delegate)
        #expect(u.unarchiver(unarchiver, cannotDecodeObjectOfClassName: "Gone", originalClasses: ["Gone"]) == nil)
        #expect((u.unarchiver(unarchiver, didDecode: "y" as NSString) as? NSString) == "y")
        u.unarchiver(unarchiver, willReplace: "y" as NSString, with: "z" as NSString)
        u.unarchiverWillFinish(unarchiver)
        u.unarchiverDidFinish(unarchiver)
        withExtendedLifetime(unarchiverTokens) {}
        #expect(unarchived.values == NSKeyedUnarchiverDelegateProxy.declaredSelectors.map(\.name))
    }

    @Test("a task-level challenge nobody answers goes to the session-level closure")
    func taskChallengeFallsBackToSessionLevel() throws {
        let proxy = URLSessionDelegateProxy()
        let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let asked = Recorder<String>()
        let selector = URLSessionDelegateProxy.selectors.didReceiveChallenge
        let token = proxy.implement(selector) { _, challenge, completionHandler in
            asked.append(challenge.protectionSpace.host)
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
        let space = URLProtectionSpace(
            host: "127.0.0.1", port: 9, protocol: "http", realm: "r",
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil,
            sender: Sender())
        let adapter = try #require(proxy.sessionDelegate as? any URLSessionTaskDelegate)
        let answers = Recorder<Int>()
        adapter.urlSession(
            session, task: session.dataTask(with: URL(string: "http://127.0.0.1:9/")!), didReceive: challenge
        ) {
            disposition, _ in answers.append(disposition.rawValue)
        }
        withExtendedLifetime(token) {}
        #expect(asked.values == ["127.0.0.1"])
        #expect(answers.values == [URLSession.AuthChallengeDisposition.cancelAuthenticationChallenge.rawValue])
    }
}
