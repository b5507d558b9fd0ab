import ClosureKit
import Foundation
import Testing

@testable import ClosureKitFoundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What every ready-made Foundation proxy gets from `DelegateProxyAdapter`:
/// its adapter is its stand-in, forwards to it, and answers `responds(to:)`
/// from the Objective-C names its selectors declare. On Apple platforms the
/// override that receives the `Selector` only passes its name to
/// `respondsToMethod(objCName:realDelegateResponds:)`, so these tests, run on
/// Linux, check everything an Apple platform answers but that one line.
@Suite("Foundation proxies: their adapters and the Objective-C names of their methods")
struct FoundationAdaptersTests {
    /// Each Foundation proxy's declared selectors, and how many methods its
    /// protocols have.
    static let proxies: [(name: String, selectors: [AnyMethodSelector], methods: Int)] = [
        ("XMLParserDelegateProxy", XMLParserDelegateProxy.declaredSelectors, 20),
        ("URLSessionDelegateProxy", URLSessionDelegateProxy.declaredSelectors, 23),
        ("FileManagerDelegateProxy", FileManagerDelegateProxy.declaredSelectors, 16),
        ("StreamDelegateProxy", StreamDelegateProxy.declaredSelectors, 1),
        ("NSCacheDelegateProxy", NSCacheDelegateProxy.declaredSelectors, 1),
        ("NSKeyedArchiverDelegateProxy", NSKeyedArchiverDelegateProxy.declaredSelectors, 5),
        ("NSKeyedUnarchiverDelegateProxy", NSKeyedUnarchiverDelegateProxy.declaredSelectors, 5),
    ]

    @Test("every method of every Foundation proxy declares its Objective-C name, none twice, one colon per argument")
    func objCNamesComeFromTheDeclarations() {
        for (proxy, selectors, methods) in Self.proxies {
            #expect(selectors.count == methods, "\(proxy)")
            let names = selectors.compactMap(\.objCName)
            #expect(names.count == selectors.count, "\(proxy): a selector without an Objective-C name")
            #expect(Set(names).count == names.count, "\(proxy): an Objective-C name declared twice")
            #expect(ObjCNames.problem(in: selectors, of: proxy) == nil, "\(proxy)")
            for selector in selectors {
                let objC = selector.objCName ?? ""
                // `urlSession(_:dataTask:didBecome:)-streamTask`: the suffix is not part of the Swift name.
                let swiftName = selector.name.split(separator: "-").first.map(String.init) ?? selector.name
                let arguments = swiftName.split(separator: "(").last.map { $0.filter { $0 == ":" }.count } ?? 0
                #expect(objC.filter { $0 == ":" }.count == arguments, "\(objC) for \(selector.name)")
                #expect(objC.last == ":", "\(objC)")
            }
        }
    }

    @Test("the Objective-C names of XMLParserDelegate's methods are the protocol's")
    func xmlParserNames() {
        #expect(
            XMLParserDelegateProxy.declaredSelectors.compactMap(\.objCName) == [
                "parserDidStartDocument:", "parserDidEndDocument:",
                "parser:foundNotationDeclarationWithName:publicID:systemID:",
                "parser:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:",
                "parser:foundAttributeDeclarationWithName:forElement:type:defaultValue:",
                "parser:foundElementDeclarationWithName:model:",
                "parser:foundInternalEntityDeclarationWithName:value:",
                "parser:foundExternalEntityDeclarationWithName:publicID:systemID:",
                "parser:didStartElement:namespaceURI:qualifiedName:attributes:",
                "parser:didEndElement:namespaceURI:qualifiedName:", "parser:didStartMappingPrefix:toURI:",
                "parser:didEndMappingPrefix:", "parser:foundCharacters:", "parser:foundIgnorableWhitespace:",
                "parser:foundProcessingInstructionWithTarget:data:", "parser:foundComment:", "parser:foundCDATA:",
                "parser:resolveExternalEntityName:systemID:", "parser:parseErrorOccurred:",
                "parser:validationErrorOccurred:",
            ])
        #expect(
            XMLParserDelegateProxy.declaredSelector(objCName: "parser:foundCharacters:")
                == XMLParserDelegateProxy.selectors.foundCharacters.erased)
        #expect(
            URLSessionDelegateProxy.declaredSelector(objCName: "URLSession:dataTask:didBecomeStreamTask:")?.name
                == "urlSession(_:dataTask:didBecome:)-streamTask")
    }

    /// Checks every method of `Proxy` on `adapter`: no closure and no real
    /// delegate, no; a closure, yes while it is registered; a real delegate,
    /// what it implements. A name outside the protocol is left to `NSObject`.
    private func checkEveryMethod<Proxy: DelegateProxyBase<Delegate>, Delegate>(
        _: Proxy.Type, delegate: (Proxy) -> Delegate, realDelegate: Delegate
    ) throws {
        let proxy = Proxy()
        let adapter = try #require(delegate(proxy) as? DelegateProxyAdapter)
        let neverAsked: (AnyObject) -> Bool = { _ in
            Issue.record("asked about a real delegate that is not there")
            return true
        }
        for name in ["init", "respondsToSelector:", "parser:foundNothing:", "parser(_:foundCharacters:)"] {
            #expect(adapter.respondsToMethod(objCName: name, realDelegateResponds: neverAsked) == nil, "\(name)")
        }
        for selector in Proxy.declaredSelectors {
            let objC = try #require(selector.objCName)
            #expect(adapter.respondsToMethod(objCName: objC, realDelegateResponds: neverAsked) == false, "\(objC)")

            let token = try proxy.hook(selector.name, at: .before) { (_: Invocation<Any, Any>) in }
            #expect(adapter.respondsToMethod(objCName: objC, realDelegateResponds: neverAsked) == true, "\(objC)")
            #expect(token.cancel())
            #expect(adapter.respondsToMethod(objCName: objC, realDelegateResponds: neverAsked) == false, "\(objC)")

            proxy.realDelegate = realDelegate
            let asked = Recorder<Bool>()
            let implements = adapter.respondsToMethod(objCName: objC) {
                asked.append($0 === realDelegate as AnyObject)
                return true
            }
            #expect(implements == true, "\(objC)")
            #expect(adapter.respondsToMethod(objCName: objC) { _ in false } == false, "\(objC)")
            #expect(asked.values == [true], "\(objC)")
            proxy.realDelegate = nil
        }
    }

    /// Checks the wiring of a new `Proxy` and its adapter: the adapter is its
    /// stand-in, never its real delegate, forwards to it, and answers no once
    /// it has ended, without keeping it alive.
    private func checkWiring<Proxy: DelegateProxyBase<Delegate>, Delegate>(
        _: Proxy.Type, delegate: (Proxy) -> Delegate
    ) throws {
        var proxy: Proxy? = Proxy()
        weak let weakProxy = proxy
        let other = Proxy()
        let own = try #require(proxy.map(delegate) as? DelegateProxyAdapter)
        let othersAdapter = try #require(delegate(other) as? DelegateProxyAdapter)
        #expect(try #require(proxy).standIn === own)
        #expect(own.withProxy(Proxy.self) { $0 } === proxy)
        #expect(own.withProxy(DelegateProxyBase<Delegate>.self) { $0 } === proxy)
        #expect(own.withProxy(NSObject.self) { $0 } == nil)

        // Its own adapter is never its real delegate; another proxy's adapter can be.
        try #require(proxy).realDelegate = try #require(own as? Delegate)
        #expect(try #require(proxy).realDelegate == nil)
        try #require(proxy).realDelegate = try #require(othersAdapter as? Delegate)
        #expect(try #require(proxy).realDelegate as AnyObject? === othersAdapter)

        let objC = try #require(Proxy.declaredSelectors.first?.objCName)
        #expect(own.respondsToMethod(objCName: objC) { $0 === othersAdapter } == true)

        // The adapter does not keep its proxy alive; once it has ended, no.
        proxy = nil
        #expect(weakProxy == nil)
        #expect(own.withProxy(Proxy.self) { $0 } == nil)
        #expect(own.respondsToMethod(objCName: objC) { _ in true } == false)
        #expect(own.respondsToMethod(objCName: "notAMethod:") { _ in true } == nil)
    }

    @Test("the XMLParser adapter answers for exactly the methods with closures or a real delegate")
    func xmlParser() throws {
        try checkEveryMethod(
            XMLParserDelegateProxy.self, delegate: \.parserDelegate, realDelegate: RecordingXMLDelegate())
        try checkWiring(XMLParserDelegateProxy.self, delegate: \.parserDelegate)
    }

    @Test("the Stream adapter answers for exactly the methods with closures or a real delegate")
    func stream() throws {
        try checkEveryMethod(
            StreamDelegateProxy.self, delegate: \.streamDelegate, realDelegate: StreamDelegateAdapter())
        try checkWiring(StreamDelegateProxy.self, delegate: \.streamDelegate)
    }

    @Test("the NSCache adapter answers for exactly the methods with closures or a real delegate")
    func cache() throws {
        try checkEveryMethod(
            NSCacheDelegateProxy.self, delegate: \.cacheDelegate, realDelegate: NSCacheDelegateAdapter())
        try checkWiring(NSCacheDelegateProxy.self, delegate: \.cacheDelegate)
    }

    @Test("the FileManager adapter answers for exactly the methods with closures or a real delegate")
    func fileManager() throws {
        try checkEveryMethod(
            FileManagerDelegateProxy.self, delegate: \.fileManagerDelegate, realDelegate: FileManagerDelegateAdapter())
        try checkWiring(FileManagerDelegateProxy.self, delegate: \.fileManagerDelegate)
    }

    @Test("the NSKeyedArchiver adapter answers for exactly the methods with closures or a real delegate")
    func keyedArchiver() throws {
        try checkEveryMethod(
            NSKeyedArchiverDelegateProxy.self, delegate: \.archiverDelegate,
            realDelegate: NSKeyedArchiverDelegateAdapter())
        try checkWiring(NSKeyedArchiverDelegateProxy.self, delegate: \.archiverDelegate)
    }

    @Test("the NSKeyedUnarchiver adapter answers for exactly the methods with closures or a real delegate")
    func keyedUnarchiver() throws {
        try checkEveryMethod(
            NSKeyedUnarchiverDelegateProxy.self, delegate: \.unarchiverDelegate,
            realDelegate: NSKeyedUnarchiverDelegateAdapter())
        try checkWiring(NSKeyedUnarchiverDelegateProxy.self, delegate: \.unarchiverDelegate)
    }

    @Test("the URLSession adapter answers for exactly the methods with closures or a real delegate")
    func urlSession() throws {
        try checkEveryMethod(
            URLSessionDelegateProxy.self, delegate: \.sessionDelegate, realDelegate: URLSessionDelegateAdapter())
        try checkWiring(URLSessionDelegateProxy.self, delegate: \.sessionDelegate)
    }

    @Test("an adapter chained to another proxy's adapter forwards there, once")
    func chainedAdapters() throws {
        let first = StreamDelegateProxy()
        let second = StreamDelegateProxy()
        first.realDelegate = second.streamDelegate
        let calls = Recorder<String>()
        let firstToken = first.implement(StreamDelegateProxy.selectors.handleEvent) { _, _ in calls.append("first") }
        let secondToken = second.implement(StreamDelegateProxy.selectors.handleEvent) { _, _ in calls.append("second") }
        // With a closure, the first proxy answers and the second is not asked.
        first.streamDelegate.stream(InputStream(data: Data()), handle: .openCompleted)
        #expect(calls.values == ["first"])
        #expect(firstToken.cancel())
        // Without one, the message goes on to the second proxy's closure.
        first.streamDelegate.stream(InputStream(data: Data()), handle: .openCompleted)
        #expect(calls.values == ["first", "second"])
        withExtendedLifetime(secondToken) {}
    }

    @Test("an adapter kept after its proxy ended answers as a delegate that implements nothing")
    func adapterOutlivesItsProxy() throws {
        var proxy: XMLParserDelegateProxy? = XMLParserDelegateProxy()
        let adapter = try #require(proxy).parserDelegate
        let token = try #require(proxy).implement(XMLParserDelegateProxy.selectors.resolveExternalEntity) { _ in
            Data("closure".utf8)
        }
        let parser = XMLParser(data: Data())
        #expect(adapter.parser(parser, resolveExternalEntityName: "e", systemID: nil) == Data("closure".utf8))
        proxy = nil
        #expect(adapter.parser(parser, resolveExternalEntityName: "e", systemID: nil) == nil)
        adapter.parser(parser, foundCharacters: "ignored")
        withExtendedLifetime(token) {}
    }
}
