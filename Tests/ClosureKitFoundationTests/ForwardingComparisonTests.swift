import Foundation
import Testing

@testable import ClosureKitFoundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every forwarding method of the Foundation proxies, sent through the adapter
/// Foundation holds, against a hand-written real delegate: the real delegate
/// receives exactly the arguments sent, the answer is the one it gives, and
/// each closure convenience reports the same arguments, after the real
/// delegate, for its own method only. Every string argument is distinct, so
/// that two arguments swapped or one method wired to another's selector
/// changes what is recorded.
@Suite("Foundation proxies: what the real delegate and the conveniences receive")
struct ForwardingComparisonTests {
    // MARK: XMLParser

    /// What each XMLParser convenience reports, as the event a hand-written
    /// delegate records, with how many events the real delegate had recorded
    /// when the closure ran.
    @Test("XMLParser: every convenience reports what the real delegate receives, after it")
    func xmlConveniences() throws {
        let parser = XMLParser(data: Data())
        let real = RecordingXMLDelegate()
        parser.delegate = real
        let seen = Recorder<(event: XMLEvent, realCount: Int)>()
        func note(_ event: XMLEvent) { seen.append((event, real.events.count)) }
        func code(_ error: any Error) -> Int { (error as NSError).code }

        let closureData = Data("from the closure".utf8)
        let tokens = [
            parser.onStartDocument { _ in note(.startDocument) },
            parser.onEndDocument { _ in note(.endDocument) },
            parser.onDeclaration { _, declaration in
                switch declaration {
                case .notation(let name, let publicID, let systemID):
                    note(.notationDeclaration(name: name, publicID: publicID, systemID: systemID))
                case .unparsedEntity(let name, let publicID, let systemID, let notationName):
                    note(
                        .unparsedEntityDeclaration(
                            name: name, publicID: publicID, systemID: systemID, notationName: notationName))
                case .attribute(let name, let element, let type, let defaultValue):
                    note(.attributeDeclaration(name: name, element: element, type: type, defaultValue: defaultValue))
                case .element(let name, let model):
                    note(.elementDeclaration(name: name, model: model))
                case .internalEntity(let name, let value):
                    note(.internalEntityDeclaration(name: name, value: value))
                case .externalEntity(let name, let publicID, let systemID):
                    note(.externalEntityDeclaration(name: name, publicID: publicID, systemID: systemID))
                }
            },
            parser.onStartElement { _, name, uri, qName, attributes in
                note(.startElement(name: name, namespaceURI: uri, qualifiedName: qName, attributes: attributes))
            },
            parser.onEndElement { _, name, uri, qName in
                note(.endElement(name: name, namespaceURI: uri, qualifiedName: qName))
            },
            parser.onStartMappingPrefix { _, prefix, uri in note(.startMappingPrefix(prefix: prefix, uri: uri)) },
            parser.onEndMappingPrefix { _, prefix in note(.endMappingPrefix(prefix: prefix)) },
            parser.onCharacters { _, string in note(.characters(string)) },
            parser.onIgnorableWhitespace { _, whitespace in note(.ignorableWhitespace(whitespace)) },
            parser.onProcessingInstruction { _, target, data in note(.processingInstruction(target: target, data: data))
            },
            parser.onComment { _, comment in note(.comment(comment)) },
            parser.onCDATA { _, block in note(.cdata(block)) },
            parser.onResolveExternalEntity { _, name, systemID in
                note(.resolveExternalEntity(name: name, systemID: systemID))
                return closureData
            },
            parser.onParseError { parser, error in
                note(.parseError(code: code(error), line: parser.lineNumber, column: parser.columnNumber))
            },
            parser.onValidationError { parser, error in
                note(.validationError(code: code(error), line: parser.lineNumber, column: parser.columnNumber))
            },
        ]
        let delegate = try #require(parser.delegate)
        let answer = Self.sendEveryXMLMethod(to: delegate, parser: parser)
        withExtendedLifetime(tokens) {}

        #expect(real.events == Self.everyXMLEvent(parser))
        #expect(seen.values.map(\.event) == real.events)
        // Each closure ran after the real delegate had recorded its own event.
        #expect(seen.values.map(\.realCount) == Array(1...real.events.count))
        #expect(answer == closureData)
    }

    @Test("XMLParser: every method reaches a real delegate through the proxy with its own arguments")
    func xmlRealDelegateOnly() throws {
        let parser = XMLParser(data: Data())
        let real = RecordingXMLDelegate()
        parser.delegate = real
        _ = parser.delegateProxy
        let delegate = try #require(parser.delegate)
        #expect(delegate !== real)
        let answer = Self.sendEveryXMLMethod(to: delegate, parser: parser)
        #expect(real.events == Self.everyXMLEvent(parser))
        #expect(answer == nil)
    }

    /// Sends each of the 20 methods once, every string distinct; returns the
    /// answer to `resolveExternalEntityName`.
    static func sendEveryXMLMethod(to delegate: any XMLParserDelegate, parser: XMLParser) -> Data? {
        delegate.parserDidStartDocument(parser)
        delegate.parser(parser, foundNotationDeclarationWithName: "nName", publicID: "nPublic", systemID: "nSystem")
        delegate.parser(
            parser, foundUnparsedEntityDeclarationWithName: "uName", publicID: "uPublic", systemID: "uSystem",
            notationName: "uNotation")
        delegate.parser(
            parser, foundAttributeDeclarationWithName: "aName", forElement: "aElement", type: "aType",
            defaultValue: "aDefault")
        delegate.parser(parser, foundElementDeclarationWithName: "eName", model: "eModel")
        delegate.parser(parser, foundInternalEntityDeclarationWithName: "iName", value: "iValue")
        delegate.parser(
            parser, foundExternalEntityDeclarationWithName: "xName", publicID: "xPublic", systemID: "xSystem")
        delegate.parser(parser, didStartMappingPrefix: "mPrefix", toURI: "urn:m")
        delegate.parser(
            parser, didStartElement: "sName", namespaceURI: "urn:s", qualifiedName: "s:q", attributes: ["k": "v"])
        delegate.parser(parser, foundCharacters: "chars")
        delegate.parser(parser, foundIgnorableWhitespace: " \t")
        delegate.parser(parser, foundProcessingInstructionWithTarget: "piTarget", data: "piData")
        delegate.parser(parser, foundComment: "comment")
        delegate.parser(parser, foundCDATA: Data("cdata".utf8))
        let answer = delegate.parser(parser, resolveExternalEntityName: "rName", systemID: "rSystem")
        delegate.parser(parser, didEndElement: "sName", namespaceURI: "urn:s", qualifiedName: "s:q")
        delegate.parser(parser, didEndMappingPrefix: "mPrefix")
        delegate.parser(parser, validationErrorOccurred: NSError(domain: "test", code: 2))
        delegate.parser(parser, parseErrorOccurred: NSError(domain: "test", code: 1))
        delegate.parserDidEndDocument(parser)
        return answer
    }

    /// What a hand-written delegate records for ``sendEveryXMLMethod(to:parser:)``.
    static func everyXMLEvent(_ parser: XMLParser) -> [XMLEvent] {
        let (line, column) = (parser.lineNumber, parser.columnNumber)
        return [
            .startDocument,
            .notationDeclaration(name: "nName", publicID: "nPublic", systemID: "nSystem"),
            .unparsedEntityDeclaration(
                name: "uName", publicID: "uPublic", systemID: "uSystem", notationName: "uNotation"),
            .attributeDeclaration(name: "aName", element: "aElement", type: "aType", defaultValue: "aDefault"),
            .elementDeclaration(name: "eName", model: "eModel"),
            .internalEntityDeclaration(name: "iName", value: "iValue"),
            .externalEntityDeclaration(name: "xName", publicID: "xPublic", systemID: "xSystem"),
            .startMappingPrefix(prefix: "mPrefix", uri: "urn:m"),
            .startElement(name: "sName", namespaceURI: "urn:s", qualifiedName: "s:q", attributes: ["k": "v"]),
            .characters("chars"), .ignorableWhitespace(" \t"),
            .processingInstruction(target: "piTarget", data: "piData"), .comment("comment"), .cdata(Data("cdata".utf8)),
            .resolveExternalEntity(name: "rName", systemID: "rSystem"),
            .endElement(name: "sName", namespaceURI: "urn:s", qualifiedName: "s:q"),
            .endMappingPrefix(prefix: "mPrefix"),
            .validationError(code: 2, line: line, column: column),
            .parseError(code: 1, line: line, column: column),
            .endDocument,
        ]
    }

    // MARK: FileManager

    /// A hand-written `FileManagerDelegate` recording each call as
    /// `method source destination` and answering from `answers` (true when
    /// absent).
    final class FileRecorder: NSObject, FileManagerDelegate, @unchecked Sendable {
        let calls = Recorder<String>()
        let refuse: Set<String>
        init(refusing refuse: Set<String> = []) { self.refuse = refuse }
        private func note(_ method: String, _ arguments: String...) -> Bool {
            calls.append(([method] + arguments).joined(separator: " "))
            return !refuse.contains(method)
        }
        private func code(_ error: any Error) -> String { "e\((error as NSError).code)" }
        func fileManager(_ fm: FileManager, shouldCopyItemAtPath s: String, toPath d: String) -> Bool {
            note("copyPath", s, d)
        }
        func fileManager(
            _ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAtPath s: String, toPath d: String
        ) -> Bool { note("copyPathError", code(e), s, d) }
        func fileManager(_ fm: FileManager, shouldMoveItemAtPath s: String, toPath d: String) -> Bool {
            note("movePath", s, d)
        }
        func fileManager(
            _ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAtPath s: String, toPath d: String
        ) -> Bool { note("movePathError", code(e), s, d) }
        func fileManager(_ fm: FileManager, shouldLinkItemAtPath s: String, toPath d: String) -> Bool {
            note("linkPath", s, d)
        }
        func fileManager(
            _ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAtPath s: String, toPath d: String
        ) -> Bool { note("linkPathError", code(e), s, d) }
        func fileManager(_ fm: FileManager, shouldRemoveItemAtPath p: String) -> Bool { note("removePath", p) }
        func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAtPath p: String) -> Bool
        { note("removePathError", code(e), p) }
        func fileManager(_ fm: FileManager, shouldCopyItemAt s: URL, to d: URL) -> Bool { note("copy", s.path, d.path) }
        func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAt s: URL, to d: URL)
            -> Bool
        { note("copyError", code(e), s.path, d.path) }
        func fileManager(_ fm: FileManager, shouldMoveItemAt s: URL, to d: URL) -> Bool { note("move", s.path, d.path) }
        func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAt s: URL, to d: URL)
            -> Bool
        { note("moveError", code(e), s.path, d.path) }
        func fileManager(_ fm: FileManager, shouldLinkItemAt s: URL, to d: URL) -> Bool { note("link", s.path, d.path) }
        func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAt s: URL, to d: URL)
            -> Bool
        { note("linkError", code(e), s.path, d.path) }
        func fileManager(_ fm: FileManager, shouldRemoveItemAt u: URL) -> Bool { note("remove", u.path) }
        func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAt u: URL) -> Bool {
            note("removeError", code(e), u.path)
        }
    }

    /// Sends the 16 methods once each; returns their answers.
    static func sendEveryFileMethod(to d: any FileManagerDelegate, files: FileManager) -> [Bool] {
        let (s, t) = ("/src", "/dst")
        let (us, ut) = (URL(fileURLWithPath: s), URL(fileURLWithPath: t))
        let e = NSError(domain: "test", code: 7)
        return [
            d.fileManager(files, shouldCopyItemAtPath: s, toPath: t),
            d.fileManager(files, shouldProceedAfterError: e, copyingItemAtPath: s, toPath: t),
            d.fileManager(files, shouldMoveItemAtPath: s, toPath: t),
            d.fileManager(files, shouldProceedAfterError: e, movingItemAtPath: s, toPath: t),
            d.fileManager(files, shouldLinkItemAtPath: s, toPath: t),
            d.fileManager(files, shouldProceedAfterError: e, linkingItemAtPath: s, toPath: t),
            d.fileManager(files, shouldRemoveItemAtPath: s),
            d.fileManager(files, shouldProceedAfterError: e, removingItemAtPath: s),
            d.fileManager(files, shouldCopyItemAt: us, to: ut),
            d.fileManager(files, shouldProceedAfterError: e, copyingItemAt: us, to: ut),
            d.fileManager(files, shouldMoveItemAt: us, to: ut),
            d.fileManager(files, shouldProceedAfterError: e, movingItemAt: us, to: ut),
            d.fileManager(files, shouldLinkItemAt: us, to: ut),
            d.fileManager(files, shouldProceedAfterError: e, linkingItemAt: us, to: ut),
            d.fileManager(files, shouldRemoveItemAt: us),
            d.fileManager(files, shouldProceedAfterError: e, removingItemAt: us),
        ]
    }

    static let everyFileCall = [
        "copyPath /src /dst", "copyPathError e7 /src /dst", "movePath /src /dst", "movePathError e7 /src /dst",
        "linkPath /src /dst", "linkPathError e7 /src /dst", "removePath /src", "removePathError e7 /src",
        "copy /src /dst", "copyError e7 /src /dst", "move /src /dst", "moveError e7 /src /dst",
        "link /src /dst", "linkError e7 /src /dst", "remove /src", "removeError e7 /src",
    ]

    @Test("FileManager: the proxy hands the real delegate each method's own arguments and returns its answer")
    func fileManagerRealDelegate() throws {
        let refused: Set = ["copyPath", "movePathError", "link", "removeError"]
        let files = FileManager()
        let real = FileRecorder(refusing: refused)
        files.delegate = real
        let hand = FileRecorder(refusing: refused)
        _ = files.delegateProxy
        let proxied = Self.sendEveryFileMethod(to: try #require(files.delegate), files: files)
        let direct = Self.sendEveryFileMethod(to: hand, files: files)
        #expect(real.calls.values == Self.everyFileCall)
        #expect(real.calls.values == hand.calls.values)
        #expect(proxied == direct)
        #expect(proxied.filter { !$0 }.count == refused.count)
    }

    @Test("FileManager: onShouldCopy, onShouldMove, onShouldLink and onShouldRemove each decide their own operation")
    func fileManagerConveniences() throws {
        let files = FileManager()
        let real = FileRecorder()
        files.delegate = real
        let asked = Recorder<String>()
        let tokens = [
            files.onShouldCopy {
                asked.append("copy \($0.path) \($1.path)")
                return false
            },
            files.onShouldMove {
                asked.append("move \($0.path) \($1.path)")
                return false
            },
            files.onShouldLink {
                asked.append("link \($0.path) \($1.path)")
                return false
            },
            files.onShouldRemove {
                asked.append("remove \($0.path)")
                return false
            },
        ]
        let answers = Self.sendEveryFileMethod(to: try #require(files.delegate), files: files)
        withExtendedLifetime(tokens) {}
        // The path and URL forms of each operation reach its closure, sources
        // and destinations in place; the error methods reach none.
        #expect(
            asked.values == [
                "copy /src /dst", "move /src /dst", "link /src /dst", "remove /src",
                "copy /src /dst", "move /src /dst", "link /src /dst", "remove /src",
            ])
        // The closures refuse the should-methods; the real delegate alone
        // answers the error methods (true).
        #expect(answers == Array([false, true, false, true, false, true, false, true], repeating: 2))
        // Closures for a should-method combine with the real delegate by &&: it
        // is asked too.
        #expect(real.calls.values == Self.everyFileCall)
    }

    // MARK: URLSession

    /// A hand-written delegate for the six methods swift-corelibs-foundation
    /// never sends (stream tasks and metrics), recording each call with the
    /// identities of its arguments.
    final class StreamAndMetricsRecorder: NSObject, URLSessionDataDelegate, URLSessionStreamDelegate,
        @unchecked Sendable
    {
        let calls = Recorder<String>()
        let names: [ObjectIdentifier: String]
        init(names: [ObjectIdentifier: String]) { self.names = names }
        private func name(_ object: AnyObject) -> String { names[ObjectIdentifier(object)] ?? "?" }
        func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics)
        {
            calls.append("metrics \(name(session)) \(name(task)) \(name(metrics))")
        }
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask)
        {
            calls.append("becomeStream \(name(session)) \(name(dataTask)) \(name(streamTask))")
        }
        func urlSession(_ session: URLSession, readClosedFor streamTask: URLSessionStreamTask) {
            calls.append("readClosed \(name(session)) \(name(streamTask))")
        }
        func urlSession(_ session: URLSession, writeClosedFor streamTask: URLSessionStreamTask) {
            calls.append("writeClosed \(name(session)) \(name(streamTask))")
        }
        func urlSession(_ session: URLSession, betterRouteDiscoveredFor streamTask: URLSessionStreamTask) {
            calls.append("betterRoute \(name(session)) \(name(streamTask))")
        }
        func urlSession(
            _ session: URLSession, streamTask: URLSessionStreamTask, didBecome inputStream: InputStream,
            outputStream: OutputStream
        ) {
            calls.append("streams \(name(session)) \(name(streamTask)) \(name(inputStream)) \(name(outputStream))")
        }
    }

    @Test("URLSession: the stream-task and metrics methods reach the real delegate and their own selectors")
    func urlSessionStreamTaskAndMetrics() throws {
        let proxy = URLSessionDelegateProxy()
        let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let dataTask = session.dataTask(with: URL(string: "http://127.0.0.1:9/")!)
        let streamTask = URLSessionStreamTask()
        let metrics = URLSessionTaskMetrics()
        let input = InputStream(data: Data())
        let output = OutputStream(toMemory: ())
        var names: [ObjectIdentifier: String] = [:]
        for (object, name) in [
            (session, "session"), (dataTask, "dataTask"), (streamTask, "streamTask"), (metrics, "metrics"),
            (input, "input"), (output, "output"),
        ] as [(AnyObject, String)] {
            names[ObjectIdentifier(object)] = name
        }
        let real = StreamAndMetricsRecorder(names: names)
        proxy.realDelegate = real
        let hand = StreamAndMetricsRecorder(names: names)
        let seen = Recorder<String>()
        let selectors = URLSessionDelegateProxy.selectors
        let tokens = [
            proxy.observeAfter(selectors.didFinishCollectingMetrics) { _ in seen.append("metrics") },
            proxy.observeAfter(selectors.didBecomeStreamTask) { _ in seen.append("becomeStream") },
            proxy.observeAfter(selectors.readClosed) { _ in seen.append("readClosed") },
            proxy.observeAfter(selectors.writeClosed) { _ in seen.append("writeClosed") },
            proxy.observeAfter(selectors.betterRouteDiscovered) { _ in seen.append("betterRoute") },
            proxy.observeAfter(selectors.didBecomeStreams) { _ in seen.append("streams") },
        ]
        func sendAll(to delegate: any URLSessionDataDelegate & URLSessionStreamDelegate) {
            delegate.urlSession(session, task: dataTask, didFinishCollecting: metrics)
            delegate.urlSession(session, dataTask: dataTask, didBecome: streamTask)
            delegate.urlSession(session, readClosedFor: streamTask)
            delegate.urlSession(session, writeClosedFor: streamTask)
            delegate.urlSession(session, betterRouteDiscoveredFor: streamTask)
            delegate.urlSession(session, streamTask: streamTask, didBecome: input, outputStream: output)
        }
        let adapter = try #require(proxy.sessionDelegate as? any URLSessionDataDelegate & URLSessionStreamDelegate)
        sendAll(to: adapter)
        sendAll(to: hand)
        withExtendedLifetime(tokens) {}

        #expect(
            real.calls.values == [
                "metrics session dataTask metrics", "becomeStream session dataTask streamTask",
                "readClosed session streamTask", "writeClosed session streamTask", "betterRoute session streamTask",
                "streams session streamTask input output",
            ])
        #expect(real.calls.values == hand.calls.values)
        #expect(seen.values == ["metrics", "becomeStream", "readClosed", "writeClosed", "betterRoute", "streams"])
    }

    /// Each closure notes the real delegate's latest call when it runs: the
    /// observing conveniences run after the real delegate's own method, the
    /// deciding ones (redirect, challenge, response) in its place.
    @Test("URLSession: every convenience reports its own method's arguments, observers after the real delegate")
    func urlSessionConveniences() throws {
        let proxy = URLSessionDelegateProxy()
        let session = URLSession(configuration: .ephemeral, delegateProxy: proxy, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let real = ForwardingTableTests.SessionRecorder()
        proxy.realDelegate = real
        let seen = Recorder<String>()
        @Sendable func note(_ text: String) { seen.append("\(text) after \(real.calls.values.last ?? "nothing")") }
        let tokens = [
            proxy.onInvalidate { _, error in note("invalidate \(error == nil)") },
            proxy.onRedirect { _, _, response, request in
                note("redirect \(response.statusCode) \(request.url?.absoluteString ?? "")")
                return request
            },
            proxy.onChallenge { _, _, challenge in
                note("challenge \(challenge.protectionSpace.realm ?? "")")
                return (.useCredential, nil)
            },
            proxy.onUploadProgress { _, _, sent, total, expected in note("upload \(sent) \(total) \(expected)") },
            proxy.onComplete { _, _, error in note("complete \(error == nil)") },
            proxy.onReceiveResponse { _, _, response in
                note("response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
                return .allow
            },
            proxy.onReceiveData { _, _, data in note("data \(String(decoding: data, as: UTF8.self))") },
            proxy.onFinishDownloading { _, _, location in note("finished \(location.absoluteString)") },
            proxy.onDownloadProgress { _, _, written, total, expected in
                note("download \(written) \(total) \(expected)")
            },
        ]
        let adapter = try #require(
            proxy.sessionDelegate
                as? any URLSessionDataDelegate & URLSessionDownloadDelegate & URLSessionStreamDelegate
                & URLSessionWebSocketDelegate)
        let answers = ForwardingTableTests.sendAll(to: adapter, session: session)
        withExtendedLifetime(tokens) {}

        #expect(
            seen.values == [
                "invalidate true after invalid",
                "redirect 302 http://127.0.0.1:9/ after sessionChallenge",
                "challenge r after sessionChallenge",
                "upload 1 1 2 after sent",
                "complete true after complete",
                "response 302 after delayed",
                "data x after data",
                "finished http://127.0.0.1:9/ after finished",
                "download 1 1 2 after written",
            ])
        // The closures that decide answer in place of the real delegate.
        #expect(
            answers == [
                "session \(URLSession.AuthChallengeDisposition.rejectProtectionSpace.rawValue)", "redirect followed",
                "task \(URLSession.AuthChallengeDisposition.useCredential.rawValue)", "stream some",
                "delayed \(URLSession.DelayedRequestDisposition.cancel)",
                "response \(URLSession.ResponseDisposition.allow.rawValue)", "cache nil",
            ])
    }

    // MARK: Keyed archivers

    final class ArchiverRecorder: NSObject, NSKeyedArchiverDelegate, NSKeyedUnarchiverDelegate, @unchecked Sendable {
        let calls = Recorder<String>()
        private func text(_ value: Any?) -> String { value.map { "\($0)" } ?? "nil" }
        func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
            calls.append("willEncode \(text(object))")
            return "replaced" as NSString
        }
        func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) { calls.append("didEncode \(text(object))") }
        func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {
            calls.append("archiverWillReplace \(text(object)) \(text(newObject))")
        }
        func archiverWillFinish(_ archiver: NSKeyedArchiver) { calls.append("archiverWillFinish") }
        func archiverDidFinish(_ archiver: NSKeyedArchiver) { calls.append("archiverDidFinish") }
        func unarchiver(
            _ unarchiver: NSKeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
            originalClasses classNames: [String]
        ) -> AnyClass? {
            calls.append("cannotDecode \(name) \(classNames.joined(separator: ","))")
            return NSString.self
        }
        func unarchiver(_ unarchiver: NSKeyedUnarchiver, didDecode object: Any?) -> Any? {
            calls.append("didDecode \(text(object))")
            return nil
        }
        func unarchiver(_ unarchiver: NSKeyedUnarchiver, willReplace object: Any, with newObject: Any) {
            calls.append("unarchiverWillReplace \(text(object)) \(text(newObject))")
        }
        func unarchiverWillFinish(_ unarchiver: NSKeyedUnarchiver) { calls.append("unarchiverWillFinish") }
        func unarchiverDidFinish(_ unarchiver: NSKeyedUnarchiver) { calls.append("unarchiverDidFinish") }
    }

    @Test("NSKeyedArchiver and NSKeyedUnarchiver: all 10 methods reach the real delegate, answers included")
    func keyedArchiversRealDelegate() throws {
        func sendAll(
            archiver: NSKeyedArchiver, _ a: any NSKeyedArchiverDelegate,
            unarchiver: NSKeyedUnarchiver, _ u: any NSKeyedUnarchiverDelegate
        ) -> [String] {
            let encoded = a.archiver(archiver, willEncode: "original" as NSString)
            a.archiver(archiver, didEncode: "encoded" as NSString)
            a.archiver(archiver, willReplace: "old" as NSString, withObject: "new" as NSString)
            a.archiverWillFinish(archiver)
            a.archiverDidFinish(archiver)
            let decodedClass: AnyClass? = u.unarchiver(
                unarchiver, cannotDecodeObjectOfClassName: "Gone", originalClasses: ["Gone", "Base"])
            let decoded = u.unarchiver(unarchiver, didDecode: "decoded" as NSString)
            u.unarchiver(unarchiver, willReplace: "before" as NSString, with: "after" as NSString)
            u.unarchiverWillFinish(unarchiver)
            u.unarchiverDidFinish(unarchiver)
            return [
                (encoded as? NSString).map { "\($0)" } ?? "nil",
                decodedClass.map { "\($0)" } ?? "nil",
                decoded.map { "\($0)" } ?? "nil",
            ]
        }
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let emptyArchive = NSKeyedArchiver(requiringSecureCoding: false)
        emptyArchive.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: emptyArchive.encodedData)
        let real = ArchiverRecorder()
        archiver.delegate = real
        unarchiver.delegate = real
        let hand = ArchiverRecorder()
        let archiverProxy = NSKeyedArchiverDelegateProxy.proxy(for: archiver)
        let unarchiverProxy = NSKeyedUnarchiverDelegateProxy.proxy(for: unarchiver)
        #expect(archiverProxy.realDelegate === real && unarchiverProxy.realDelegate === real)

        let proxied = sendAll(
            archiver: archiver, try #require(archiver.delegate), unarchiver: unarchiver,
            try #require(unarchiver.delegate))
        let direct = sendAll(archiver: archiver, hand, unarchiver: unarchiver, hand)
        #expect(
            real.calls.values == [
                "willEncode original", "didEncode encoded", "archiverWillReplace old new", "archiverWillFinish",
                "archiverDidFinish", "cannotDecode Gone Gone,Base", "didDecode decoded",
                "unarchiverWillReplace before after",
                "unarchiverWillFinish", "unarchiverDidFinish",
            ])
        #expect(real.calls.values == hand.calls.values)
        #expect(proxied == direct)
        #expect(proxied == ["replaced", "\(NSString.self)", "nil"])
    }

    @Test("a Foundation proxy made its own real delegate through the object's delegate stores nil")
    func ownAdapterAsRealDelegate() throws {
        let parser = XMLParser(data: Data())
        let proxy = parser.delegateProxy
        proxy.realDelegate = parser.delegate
        #expect(proxy.realDelegate == nil)
        #expect(!proxy.responds(to: XMLParserDelegateProxy.selectors.foundComment))
        // Whatever is stored, a message never loops back into the adapter.
        let seen = Recorder<String>()
        let token = parser.onComment { _, comment in seen.append(comment) }
        parser.delegate?.parser(parser, foundComment: "once")
        withExtendedLifetime(token) {}
        #expect(seen.values == ["once"])
    }
}

extension Array {
    /// The elements of `array`, `count` times over.
    fileprivate init(_ array: [Element], repeating count: Int) {
        self = Array((0..<count).map { _ in array }.joined())
    }
}
