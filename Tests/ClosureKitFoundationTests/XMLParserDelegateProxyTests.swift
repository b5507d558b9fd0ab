import ClosureKitFoundation
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Registers a closure for every `XMLParserDelegate` method, through the
/// `XMLParser` conveniences, and records the events as the reference
/// delegate does.
final class ProxyEventLog {
    var events: [XMLEvent] = []
    var tokens: [CancellationToken] = []

    init(_ parser: XMLParser) {
        tokens = [
            parser.onStartDocument { [unowned self] _ in events.append(.startDocument) },
            parser.onEndDocument { [unowned self] _ in events.append(.endDocument) },
            parser.onDeclaration { [unowned self] _, declaration in
                switch declaration {
                case .element(let name, let model):
                    events.append(.elementDeclaration(name: name, model: model))
                case .attribute(let name, let element, let type, let defaultValue):
                    events.append(
                        .attributeDeclaration(name: name, element: element, type: type, defaultValue: defaultValue))
                case .internalEntity(let name, let value):
                    events.append(.internalEntityDeclaration(name: name, value: value))
                case .externalEntity(let name, let publicID, let systemID):
                    events.append(.externalEntityDeclaration(name: name, publicID: publicID, systemID: systemID))
                case .unparsedEntity(let name, let publicID, let systemID, let notationName):
                    events.append(
                        .unparsedEntityDeclaration(
                            name: name, publicID: publicID, systemID: systemID, notationName: notationName))
                case .notation(let name, let publicID, let systemID):
                    events.append(.notationDeclaration(name: name, publicID: publicID, systemID: systemID))
                }
            },
            parser.onStartElement { [unowned self] _, name, uri, qName, attributes in
                events.append(
                    .startElement(name: name, namespaceURI: uri, qualifiedName: qName, attributes: attributes))
            },
            parser.onEndElement { [unowned self] _, name, uri, qName in
                events.append(.endElement(name: name, namespaceURI: uri, qualifiedName: qName))
            },
            parser.onStartMappingPrefix { [unowned self] _, prefix, uri in
                events.append(.startMappingPrefix(prefix: prefix, uri: uri))
            },
            parser.onEndMappingPrefix { [unowned self] _, prefix in events.append(.endMappingPrefix(prefix: prefix)) },
            parser.onCharacters { [unowned self] _, string in events.append(.characters(string)) },
            parser.onIgnorableWhitespace { [unowned self] _, string in events.append(.ignorableWhitespace(string)) },
            parser.onProcessingInstruction { [unowned self] _, target, data in
                events.append(.processingInstruction(target: target, data: data))
            },
            parser.onComment { [unowned self] _, comment in events.append(.comment(comment)) },
            parser.onCDATA { [unowned self] _, block in events.append(.cdata(block)) },
            parser.onResolveExternalEntity { [unowned self] _, name, systemID in
                events.append(.resolveExternalEntity(name: name, systemID: systemID))
                return nil
            },
            parser.onParseError { [unowned self] parser, error in
                events.append(
                    .parseError(code: (error as NSError).code, line: parser.lineNumber, column: parser.columnNumber))
            },
            parser.onValidationError { [unowned self] parser, error in
                events.append(
                    .validationError(
                        code: (error as NSError).code, line: parser.lineNumber, column: parser.columnNumber))
            },
        ]
    }
}

@Suite("XMLParserDelegateProxy against XMLParser")
struct XMLParserDelegateProxyTests {
    @Test("closures receive the same events as a hand-written delegate, event for event", arguments: Fixture.allCases)
    func closuresMatchHandWrittenDelegate(_ fixture: Fixture) throws {
        let reference = try fixture.referenceEvents().normalizingPrefixOrder()
        #expect(reference.count > 10)

        let parser = try fixture.parser()
        let log = ProxyEventLog(parser)
        _ = parser.parse()
        let events = log.events.normalizingPrefixOrder()

        #expect(events.count == reference.count)
        for (index, (got, expected)) in zip(events, reference).enumerated() {
            #expect(got == expected, "event \(index)")
        }
    }

    @Test("the fixtures exercise comments, CDATA, processing instructions, namespaces and declarations")
    func fixturesCoverTheProtocol() throws {
        let events = try Fixture.mixed.referenceEvents() + Fixture.rss.referenceEvents() + Fixture.svg.referenceEvents()
        func has(_ predicate: (XMLEvent) -> Bool) -> Bool { events.contains(where: predicate) }
        #expect(has { if case .comment = $0 { true } else { false } })
        #expect(has { if case .cdata = $0 { true } else { false } })
        #expect(has { if case .processingInstruction(target: "page-break", _) = $0 { true } else { false } })
        #expect(has { if case .startMappingPrefix(prefix: "m", _) = $0 { true } else { false } })
        #expect(has { if case .endMappingPrefix = $0 { true } else { false } })
        // swift-corelibs-foundation reports no entity declarations (internal or
        // external) to its delegate, so the fixtures cannot pin those two
        // methods against real Foundation on Linux.
        #expect(has { if case .notationDeclaration(name: "png", _, _) = $0 { true } else { false } })
        #expect(has { if case .attributeDeclaration(name: "lang", element: "book", _, _) = $0 { true } else { false } })
        #expect(has { if case .elementDeclaration(name: "catalog", _) = $0 { true } else { false } })
        #expect(
            has { if case .startElement(_, namespaceURI: "urn:closurekit:meta", _, _) = $0 { true } else { false } })
        #expect(has { $0 == .characters("&") })
    }

    @Test("a parse error reaches the closure with its line and column")
    func parseErrorCarriesLineAndColumn() throws {
        let parser = try Fixture.malformed.parser()
        var reported: (code: Int, line: Int, column: Int)?
        let token = parser.onParseError { parser, error in
            // swift-corelibs-foundation reports the error, then a second one
            // for the premature end: keep the first.
            if reported == nil { reported = ((error as NSError).code, parser.lineNumber, parser.columnNumber) }
        }
        _ = parser.parse()
        withExtendedLifetime(token) {}

        let error = try #require(reported)
        // `<item sku="2">Nuts</inventory>` on line 4: tag mismatch.
        #expect(error.line == 4)
        #expect(error.column > 1)
        #expect(
            try Fixture.malformed.referenceEvents().contains(
                .parseError(code: error.code, line: 4, column: error.column)))
    }

    @Test("the previous delegate becomes realDelegate and still receives every event")
    func realDelegateStillReceivesEverything() throws {
        let reference = try Fixture.mixed.referenceEvents()
        let parser = try Fixture.mixed.parser()
        let handWritten = RecordingXMLDelegate()
        parser.delegate = handWritten

        let log = ProxyEventLog(parser)
        #expect(parser.delegateProxy.realDelegate === handWritten)
        #expect(parser.delegate === parser.delegateProxy.parserDelegate)
        _ = parser.parse()

        #expect(handWritten.events.normalizingPrefixOrder() == reference.normalizingPrefixOrder())
        #expect(log.events.normalizingPrefixOrder() == reference.normalizingPrefixOrder())
    }

    @Test("one proxy per parser; the parser keeps it alive although its delegate property is weak")
    func oneProxyPerParser() throws {
        let parser = try Fixture.svg.parser()
        weak var weakProxy: XMLParserDelegateProxy?
        do {
            let first = parser.delegateProxy
            weakProxy = first
            #expect(parser.delegateProxy === first)
            #expect(XMLParserDelegateProxy.existingProxy(for: parser) === first)
        }
        #expect(weakProxy != nil)
        #expect(parser.delegate === weakProxy?.parserDelegate)
    }

    @Test("responds(to:) is exact: a closure or a real delegate, for a declared method")
    func respondsIsExact() throws {
        // Declared by the class, before this test's proxy exists.
        #expect(XMLParserDelegateProxy.declaredSelectors.count == 20)
        let parser = try Fixture.svg.parser()
        let proxy = parser.delegateProxy
        #expect(!proxy.responds(to: XMLParserDelegateProxy.selectors.foundComment))
        let token = parser.onComment { _, _ in }
        #expect(proxy.responds(to: XMLParserDelegateProxy.selectors.foundComment))
        #expect(!proxy.responds(to: XMLParserDelegateProxy.selectors.foundCDATA))
        token.cancel()
        #expect(!proxy.responds(to: XMLParserDelegateProxy.selectors.foundComment))
        let real = RecordingXMLDelegate()
        proxy.realDelegate = real
        #expect(proxy.responds(to: XMLParserDelegateProxy.selectors.foundCDATA))
        #expect(proxy.responds(to: "parser(_:foundCDATA:)"))
        #expect(!proxy.responds(to: "parser(_:foundNothing:)"))
    }

    @Test("a one-shot closure runs once, and its token's cancel() then returns false")
    func onceRunsOnce() throws {
        let parser = try Fixture.rss.parser()
        var names: [String] = []
        let token = parser.onStartElement(options: .once) { _, name, _, _, _ in names.append(name) }
        _ = parser.parse()
        #expect(names == ["rss"])
        #expect(token.cancel() == false)
    }

    @Test("a closure that cancels its own token is not called again in the same parse")
    func cancelInsideTheHandler() throws {
        let parser = try Fixture.rss.parser()
        var count = 0
        var token: CancellationToken?
        token = parser.onStartElement { _, _, _, _, _ in
            count += 1
            if count == 3 { #expect(token?.cancel() == true) }
        }
        _ = parser.parse()
        #expect(count == 3)
    }

    @Test("releasing the token removes the closure")
    func releasingTheTokenRemoves() throws {
        let parser = try Fixture.rss.parser()
        var count = 0
        var token: CancellationToken? = parser.onStartElement { _, _, _, _, _ in count += 1 }
        _ = token
        token = nil
        _ = parser.parse()
        #expect(count == 0)
    }

    @Test("a closure can stop the parse with abortParsing()")
    func abortFromAClosure() throws {
        let parser = try Fixture.rss.parser()
        var names: [String] = []
        let token = parser.onStartElement { parser, name, _, _, _ in
            names.append(name)
            if name == "item" { parser.abortParsing() }
        }
        let succeeded = parser.parse()
        withExtendedLifetime(token) {}
        #expect(!succeeded)
        #expect(names.last == "item")
        #expect(names.filter { $0 == "item" }.count == 1)
    }

    @Test("typed selectors take before, instead and after closures in that order")
    func typedSelectorsOrder() throws {
        let parser = XMLParser(data: Data("<a><!--x--></a>".utf8))
        let proxy = parser.delegateProxy
        let real = RecordingXMLDelegate()
        proxy.realDelegate = real
        let order = Recorder<String>()
        let tokens = [
            proxy.before(XMLParserDelegateProxy.selectors.foundComment) { order.append("before \($0.arguments.1)") },
            proxy.instead(XMLParserDelegateProxy.selectors.foundComment) { invocation in
                order.append("instead")
                invocation.proceed() // the real delegate
            },
            proxy.after(XMLParserDelegateProxy.selectors.foundComment) { _ in order.append("after") },
        ]
        _ = parser.parse()
        withExtendedLifetime(tokens) {}
        #expect(order.values == ["before x", "instead", "after"])
        #expect(real.events.contains(.comment("x")))
    }

    @Test("an implement closure replaces the real delegate for that method only")
    func implementReplacesRealDelegate() throws {
        let parser = XMLParser(data: Data("<a><!--x-->text</a>".utf8))
        let real = RecordingXMLDelegate()
        parser.delegate = real
        let comments = Recorder<String>()
        let token = parser.delegateProxy.implement(XMLParserDelegateProxy.selectors.foundComment) {
            comments.append($0.1)
        }
        _ = parser.parse()
        withExtendedLifetime(token) {}
        #expect(comments.values == ["x"])
        #expect(!real.events.contains(.comment("x")))
        #expect(real.events.contains(.characters("text")))
    }

    @Test("resolveExternalEntity: the closure's data wins, nil falls back to the real delegate's")
    func resolveExternalEntityCombining() throws {
        final class Resolver: NSObject, XMLParserDelegate {
            func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
                Data("real".utf8)
            }
        }
        let parser = XMLParser(data: Data("<a/>".utf8))
        let resolver = Resolver()
        parser.delegate = resolver
        let proxy = parser.delegateProxy
        let delegate = try #require(parser.delegate)

        #expect(delegate.parser(parser, resolveExternalEntityName: "e", systemID: nil) == Data("real".utf8))
        var answer: Data? = Data("closure".utf8)
        let token = parser.onResolveExternalEntity { _, _, _ in answer }
        #expect(delegate.parser(parser, resolveExternalEntityName: "e", systemID: nil) == Data("closure".utf8))
        answer = nil
        #expect(delegate.parser(parser, resolveExternalEntityName: "e", systemID: nil) == Data("real".utf8))
        proxy.realDelegate = nil
        #expect(delegate.parser(parser, resolveExternalEntityName: "e", systemID: nil) == nil)
        token.cancel()
        #expect(delegate.parser(parser, resolveExternalEntityName: "e", systemID: nil) == nil)
        #expect(XMLParserDelegateProxy.selectors.resolveExternalEntity.combining.description == "custom")
    }

    @Test("the name-based entry point checks the name and the closure's type")
    func nameBasedEntryPoint() throws {
        let parser = XMLParser(data: Data("<a><!--x--></a>".utf8))
        let proxy = parser.delegateProxy
        let comments = Recorder<String>()
        let token = try proxy.implement("parser(_:foundComment:)") { (_: XMLParser, comment: String) in
            comments.append(comment)
        }
        _ = parser.parse()
        withExtendedLifetime(token) {}
        #expect(comments.values == ["x"])

        #expect(throws: HookError.self) {
            _ = try proxy.implement("parser(_:foundGossip:)") { (_: XMLParser, _: String) in }
        }
        #expect(throws: HookError.self) {
            _ = try proxy.implement("parser(_:foundComment:)") { (_: XMLParser, _: Int) in }
        }
    }

    @Test("uninstalling restores the previous delegate")
    func uninstallRestores() throws {
        let parser = try Fixture.svg.parser()
        let real = RecordingXMLDelegate()
        parser.delegate = real
        let proxy = parser.delegateProxy
        #expect(parser.delegate === proxy.parserDelegate)
        #expect(XMLParserDelegateProxy.uninstall(from: parser) === proxy)
        #expect(parser.delegate === real)
        #expect(XMLParserDelegateProxy.existingProxy(for: parser) == nil)
    }

    @Test("the parser's own delegate object made the proxy's real delegate cannot make a message loop")
    func selfAsRealDelegate() throws {
        let parser = XMLParser(data: Data("<a><!--x--></a>".utf8))
        let proxy = parser.delegateProxy
        proxy.realDelegate = parser.delegate
        var comments: [String] = []
        let token = parser.onComment { _, comment in comments.append(comment) }
        #expect(parser.parse())
        withExtendedLifetime(token) {}
        #expect(comments == ["x"])
    }
}
