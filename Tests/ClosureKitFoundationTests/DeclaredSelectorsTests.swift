import ClosureKitFoundation
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Swift names of the 20 methods of `XMLParserDelegate`, in the order
/// `XMLParserDelegateProxy.Selectors` declares them.
private let xmlParserDelegateMethods = [
    "parserDidStartDocument(_:)",
    "parserDidEndDocument(_:)",
    "parser(_:foundNotationDeclarationWithName:publicID:systemID:)",
    "parser(_:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:)",
    "parser(_:foundAttributeDeclarationWithName:forElement:type:defaultValue:)",
    "parser(_:foundElementDeclarationWithName:model:)",
    "parser(_:foundInternalEntityDeclarationWithName:value:)",
    "parser(_:foundExternalEntityDeclarationWithName:publicID:systemID:)",
    "parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)",
    "parser(_:didEndElement:namespaceURI:qualifiedName:)",
    "parser(_:didStartMappingPrefix:toURI:)",
    "parser(_:didEndMappingPrefix:)",
    "parser(_:foundCharacters:)",
    "parser(_:foundIgnorableWhitespace:)",
    "parser(_:foundProcessingInstructionWithTarget:data:)",
    "parser(_:foundComment:)",
    "parser(_:foundCDATA:)",
    "parser(_:resolveExternalEntityName:systemID:)",
    "parser(_:parseErrorOccurred:)",
    "parser(_:validationErrorOccurred:)",
]

/// A proxy's methods come from its `selectors` declaration: complete from the
/// first question, whatever ran before, and the only ones it answers or takes
/// closures for.
@Suite("Foundation proxies: the methods each declares")
struct DeclaredSelectorsTests {
    @Test("XMLParserDelegateProxy declares all 20 methods, by name and in order, before any proxy exists")
    func xmlParserDeclaresEveryMethod() {
        // No proxy is created and no message sent in this test.
        #expect(XMLParserDelegateProxy.declaredSelectors.map(\.name) == xmlParserDelegateMethods)
        let selectors = XMLParserDelegateProxy.selectors
        #expect(XMLParserDelegateProxy.declaredSelectors.first == selectors.didStartDocument.erased)
        #expect(XMLParserDelegateProxy.declaredSelectors.last == selectors.validationErrorOccurred.erased)
    }

    @Test("in a fresh process, XMLParserDelegateProxy knows its 20 methods before its first proxy and message")
    func xmlParserDeclaresEveryMethodInAFreshProcess() async {
        await #expect(processExitsWith: .success) {
            // Nothing else ran in this process: no proxy, no selector used.
            guard XMLParserDelegateProxy.declaredSelectors.map(\.name) == xmlParserDelegateMethods else {
                exit(1)
            }
            // A new proxy with a real delegate answers every method by name, before any message.
            let proxy = XMLParserDelegateProxy()
            let real = RecordingXMLDelegate()
            proxy.realDelegate = real
            guard xmlParserDelegateMethods.allSatisfy({ proxy.responds(to: $0) }) else { exit(2) }
            withExtendedLifetime(real) {}
        }
    }

    @Test("every Foundation proxy declares each of its protocol's methods once")
    func everyProxyDeclaresItsMethods() {
        let counts = [
            "XMLParserDelegateProxy": XMLParserDelegateProxy.declaredSelectors,
            "URLSessionDelegateProxy": URLSessionDelegateProxy.declaredSelectors,
            "FileManagerDelegateProxy": FileManagerDelegateProxy.declaredSelectors,
            "StreamDelegateProxy": StreamDelegateProxy.declaredSelectors,
            "NSCacheDelegateProxy": NSCacheDelegateProxy.declaredSelectors,
            "NSKeyedArchiverDelegateProxy": NSKeyedArchiverDelegateProxy.declaredSelectors,
            "NSKeyedUnarchiverDelegateProxy": NSKeyedUnarchiverDelegateProxy.declaredSelectors,
        ].mapValues { selectors in
            #expect(Set(selectors.map(\.name)).count == selectors.count)
            return selectors.count
        }
        #expect(
            counts == [
                "XMLParserDelegateProxy": 20, "URLSessionDelegateProxy": 23, "FileManagerDelegateProxy": 16,
                "StreamDelegateProxy": 1, "NSCacheDelegateProxy": 1, "NSKeyedArchiverDelegateProxy": 5,
                "NSKeyedUnarchiverDelegateProxy": 5,
            ])
        #expect(
            NSKeyedArchiverDelegateProxy.declaredSelectors.map(\.name) == [
                "archiver(_:willEncode:)", "archiver(_:didEncode:)", "archiver(_:willReplace:withObject:)",
                "archiverWillFinish(_:)", "archiverDidFinish(_:)",
            ])
    }

    @Test("with a real delegate, responds(to:) is false for a selector or a name that is not one of the proxy's")
    func respondsOnlyForDeclaredMethods() {
        let parser = XMLParser(data: Data("<a/>".utf8))
        let real = RecordingXMLDelegate()
        parser.delegate = real
        let proxy = parser.delegateProxy
        #expect(proxy.realDelegate === real)
        // A declared method: the real delegate answers it.
        #expect(proxy.responds(to: XMLParserDelegateProxy.selectors.foundCharacters))
        #expect(proxy.responds(to: "parser(_:foundCharacters:)"))

        // A selector of another (made-up) protocol, of the same types as a declared method.
        let foreign = MethodSelector<(XMLParser, String), Void>("widgetExtra(_:)")
        #expect(!proxy.responds(to: foreign))
        // A second selector under a declared method's name is still not the declared one.
        let lookalike = MethodSelector<(XMLParser, String), Void>("parser(_:foundCharacters:)")
        #expect(!proxy.responds(to: lookalike))
        // Names the protocol does not have.
        #expect(!proxy.responds(to: "widgetExtra(_:)"))
        #expect(!proxy.responds(to: "parser(_:foundNothing:)"))
        #expect(!proxy.responds(to: "parser(_:foundCharacters)"))
        #expect(proxy.selector(named: "widgetExtra(_:)") == nil)
        withExtendedLifetime(real) {}
    }

    @Test("implement and hook by an unknown name throw unknownName, listing the protocol's methods")
    func unknownNameListsTheMethods() {
        let proxy = XMLParserDelegateProxy()
        let unknown = HookError.unknownName(
            name: "widgetExtra(_:)", owner: "XMLParserDelegateProxy", declared: xmlParserDelegateMethods)
        #expect(throws: unknown) {
            try proxy.implement("widgetExtra(_:)") { (_: XMLParser, _: String) in }
        }
        #expect(throws: unknown) {
            try proxy.hook("widgetExtra(_:)", at: .before) { (_: Invocation<Any, Any>) in }
        }
        #expect(throws: unknown) {
            try proxy.hook("widgetExtra(_:)", at: .after) { (_: Invocation<(XMLParser, String), Void>) in }
        }
        #expect(throws: unknown) {
            try proxy.instead("widgetExtra(_:)") { (_: inout InsteadInvocation<(XMLParser, String), Void>) in }
        }
        #expect(
            unknown.description
                == "XMLParserDelegateProxy declares no method named widgetExtra(_:); it declares: "
                + xmlParserDelegateMethods.joined(separator: ", "))

        let session = URLSessionDelegateProxy()
        // Two methods share this Swift name: each is declared with a suffix, and the bare name is unknown.
        #expect(
            throws: HookError.unknownName(
                name: "urlSession(_:dataTask:didBecome:)", owner: "URLSessionDelegateProxy",
                declared: URLSessionDelegateProxy.declaredSelectors.map(\.name))
        ) {
            try session.hook("urlSession(_:dataTask:didBecome:)", at: .after) { (_: Invocation<Any, Any>) in }
        }
        do {
            _ = try session.implement("urlSession(_:didReceiveData:)") { (_: URLSession, _: Data) in }
            Issue.record("an unknown name was accepted")
        } catch {
            guard case .unknownName(let name, let owner, let declared) = error as? HookError else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "urlSession(_:didReceiveData:)")
            #expect(owner == "URLSessionDelegateProxy")
            #expect(declared == URLSessionDelegateProxy.declaredSelectors.map(\.name))
            #expect(declared.count == 23)
            #expect(declared.contains("urlSession(_:dataTask:didReceive:)"))
        }
        // The failed registrations left no closure behind.
        #expect(!proxy.responds(to: XMLParserDelegateProxy.selectors.foundCharacters))
    }

    @Test("a closure for a made-up selector is refused at registration, naming it and the protocol's methods")
    func madeUpSelectorRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let parser = XMLParser(data: Data("<a/>".utf8))
            let proxy = XMLParserDelegateProxy.proxy(for: parser)
            let madeUp = MethodSelector<XMLParser, Void>("parserDidFinishEverything(_:)")
            _ = proxy.implement(madeUp) { _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "XMLParserDelegateProxy: the selector parserDidFinishEverything(_:) is not one of "
                    + "XMLParserDelegateProxy's methods (parserDidStartDocument(_:), parserDidEndDocument(_:), "),
            "\(message)")
        #expect(message.contains("parser(_:validationErrorOccurred:)): a closure for it would never run"), "\(message)")
    }
}
