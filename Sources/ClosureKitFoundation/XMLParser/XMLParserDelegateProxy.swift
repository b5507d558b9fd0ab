import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A delegate proxy for `XMLParser`: answers every `XMLParserDelegate` method
/// with closures, the parser's previous delegate (`realDelegate`), or the
/// protocol's default.
///
/// Get the parser's proxy with `XMLParser.delegateProxy` (or
/// ``proxy(for:)``): the first call installs it as the parser's delegate and
/// keeps the previous delegate as `realDelegate`. The parser keeps its
/// proxy alive.
///
/// Most code uses the closure conveniences on `XMLParser`, which observe
/// events and leave the real delegate in place:
///
/// ```swift
/// let parser = XMLParser(data: data)
/// var depth = 0
/// let start = parser.onStartElement { _, name, _, _, _ in
///     print(String(repeating: "  ", count: depth) + name)
///     depth += 1
/// }
/// let end = parser.onEndElement { _, _, _, _ in depth -= 1 }
/// _ = parser.parse()
/// ```
///
/// For full control, register on a typed selector: `implement(_:options:with:)`
/// replaces the real delegate for one method, `before(_:options:_:)` and
/// `after(_:options:_:)` observe it, `instead(_:options:_:)` replaces it
/// and can call through.
///
/// ## Combining rule
///
/// ``Selectors-swift.struct/resolveExternalEntity`` is the only method that returns a value: the
/// closure's data if it is not nil, otherwise the real delegate's (both are
/// asked, the real delegate first). Every other method returns nothing.
///
/// ## Threads
///
/// `XMLParser` calls its delegate on the thread that runs `parse()`, so the
/// closures run there too. The proxy is a `DelegateProxy`, not `Sendable`:
/// it shares the parser's region, and so does ``parserDelegate``, so a
/// closure that joined that region (a main-actor closure that receives the
/// parser, say) cannot be reached from another task: making
/// `parserDelegate` another parser's delegate in a detached task does not
/// compile.
///
/// ## The parser's delegate object
///
/// On Apple platforms `XMLParserDelegate` refines `NSObjectProtocol`, which
/// only `NSObject` subclasses can adopt, so the object the parser holds
/// (``parserDelegate``) is a small internal `NSObject` that forwards every
/// message to this proxy, on every platform alike.
public final class XMLParserDelegateProxy: DelegateProxy<any XMLParserDelegate>, SelectorDeclaring {
    // MARK: - Selectors

    /// The methods of `XMLParserDelegate`, one selector each.
    public struct Selectors: Sendable {
        /// `parserDidStartDocument(_:)`: the parser began the document.
        ///
        /// Arguments: the parser.
        public let didStartDocument = MethodSelector<XMLParser, Void>(
            "parserDidStartDocument(_:)", objC: "parserDidStartDocument:")

        /// `parserDidEndDocument(_:)`: the parser reached the end of the document
        /// without an error.
        ///
        /// Arguments: the parser.
        public let didEndDocument = MethodSelector<XMLParser, Void>(
            "parserDidEndDocument(_:)", objC: "parserDidEndDocument:")

        /// `parser(_:foundNotationDeclarationWithName:publicID:systemID:)`: a DTD
        /// notation declaration.
        ///
        /// Arguments: `(parser, name, publicID, systemID)`.
        public let foundNotationDeclaration = MethodSelector<(XMLParser, String, String?, String?), Void>(
            "parser(_:foundNotationDeclarationWithName:publicID:systemID:)",
            objC: "parser:foundNotationDeclarationWithName:publicID:systemID:")

        /// `parser(_:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:)`:
        /// a DTD unparsed (`NDATA`) entity declaration.
        ///
        /// Arguments: `(parser, name, publicID, systemID, notationName)`.
        public let foundUnparsedEntityDeclaration = MethodSelector<
            (XMLParser, String, String?, String?, String?), Void
        >(
            "parser(_:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:)",
            objC: "parser:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:")

        /// `parser(_:foundAttributeDeclarationWithName:forElement:type:defaultValue:)`:
        /// a DTD attribute-list declaration.
        ///
        /// Arguments: `(parser, attributeName, elementName, type, defaultValue)`.
        public let foundAttributeDeclaration = MethodSelector<
            (XMLParser, String, String, String?, String?), Void
        >(
            "parser(_:foundAttributeDeclarationWithName:forElement:type:defaultValue:)",
            objC: "parser:foundAttributeDeclarationWithName:forElement:type:defaultValue:")

        /// `parser(_:foundElementDeclarationWithName:model:)`: a DTD element
        /// declaration.
        ///
        /// Arguments: `(parser, elementName, model)`.
        public let foundElementDeclaration = MethodSelector<(XMLParser, String, String), Void>(
            "parser(_:foundElementDeclarationWithName:model:)", objC: "parser:foundElementDeclarationWithName:model:")

        /// `parser(_:foundInternalEntityDeclarationWithName:value:)`: a DTD
        /// internal entity declaration.
        ///
        /// Arguments: `(parser, name, value)`.
        public let foundInternalEntityDeclaration = MethodSelector<(XMLParser, String, String?), Void>(
            "parser(_:foundInternalEntityDeclarationWithName:value:)",
            objC: "parser:foundInternalEntityDeclarationWithName:value:")

        /// `parser(_:foundExternalEntityDeclarationWithName:publicID:systemID:)`:
        /// a DTD external entity declaration.
        ///
        /// Arguments: `(parser, name, publicID, systemID)`.
        public let foundExternalEntityDeclaration = MethodSelector<(XMLParser, String, String?, String?), Void>(
            "parser(_:foundExternalEntityDeclarationWithName:publicID:systemID:)",
            objC: "parser:foundExternalEntityDeclarationWithName:publicID:systemID:")

        /// `parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)`: a
        /// start tag.
        ///
        /// Arguments: `(parser, elementName, namespaceURI, qualifiedName, attributes)`.
        public let didStartElement = MethodSelector<
            (XMLParser, String, String?, String?, [String: String]), Void
        >(
            "parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)",
            objC: "parser:didStartElement:namespaceURI:qualifiedName:attributes:")

        /// `parser(_:didEndElement:namespaceURI:qualifiedName:)`: an end tag.
        ///
        /// Arguments: `(parser, elementName, namespaceURI, qualifiedName)`.
        public let didEndElement = MethodSelector<(XMLParser, String, String?, String?), Void>(
            "parser(_:didEndElement:namespaceURI:qualifiedName:)",
            objC: "parser:didEndElement:namespaceURI:qualifiedName:")

        /// `parser(_:didStartMappingPrefix:toURI:)`: a namespace prefix comes into
        /// scope (only with `shouldReportNamespacePrefixes`).
        ///
        /// Arguments: `(parser, prefix, namespaceURI)`.
        public let didStartMappingPrefix = MethodSelector<(XMLParser, String, String), Void>(
            "parser(_:didStartMappingPrefix:toURI:)", objC: "parser:didStartMappingPrefix:toURI:")

        /// `parser(_:didEndMappingPrefix:)`: a namespace prefix goes out of scope.
        ///
        /// Arguments: `(parser, prefix)`.
        public let didEndMappingPrefix = MethodSelector<(XMLParser, String), Void>(
            "parser(_:didEndMappingPrefix:)", objC: "parser:didEndMappingPrefix:")

        /// `parser(_:foundCharacters:)`: character data; one run of text may
        /// arrive in several calls.
        ///
        /// Arguments: `(parser, string)`.
        public let foundCharacters = MethodSelector<(XMLParser, String), Void>(
            "parser(_:foundCharacters:)", objC: "parser:foundCharacters:")

        /// `parser(_:foundIgnorableWhitespace:)`: whitespace the DTD declares
        /// ignorable.
        ///
        /// Arguments: `(parser, whitespaceString)`.
        public let foundIgnorableWhitespace = MethodSelector<(XMLParser, String), Void>(
            "parser(_:foundIgnorableWhitespace:)", objC: "parser:foundIgnorableWhitespace:")

        /// `parser(_:foundProcessingInstructionWithTarget:data:)`: a processing
        /// instruction such as `<?xml-stylesheet …?>`.
        ///
        /// Arguments: `(parser, target, data)`.
        public let foundProcessingInstruction = MethodSelector<(XMLParser, String, String?), Void>(
            "parser(_:foundProcessingInstructionWithTarget:data:)",
            objC: "parser:foundProcessingInstructionWithTarget:data:")

        /// `parser(_:foundComment:)`: a comment.
        ///
        /// Arguments: `(parser, comment)`.
        public let foundComment = MethodSelector<(XMLParser, String), Void>(
            "parser(_:foundComment:)", objC: "parser:foundComment:")

        /// `parser(_:foundCDATA:)`: a CDATA section, as bytes.
        ///
        /// Arguments: `(parser, block)`.
        public let foundCDATA = MethodSelector<(XMLParser, Data), Void>(
            "parser(_:foundCDATA:)", objC: "parser:foundCDATA:")

        /// `parser(_:resolveExternalEntityName:systemID:)`: the parser asks for
        /// the contents of an external entity.
        ///
        /// Arguments: `(parser, name, systemID)`. Result: the entity's data, or
        /// nil.
        ///
        /// Combining rule: **first non-nil, closure first**. When a closure and
        /// the real delegate both answer, both are asked (the real delegate
        /// first) and the closure's data wins unless it is nil, in which case the
        /// real delegate's is used. With neither, nil (the protocol's default).
        public let resolveExternalEntity = MethodSelector<(XMLParser, String, String?), Data?>(
            "parser(_:resolveExternalEntityName:systemID:)", objC: "parser:resolveExternalEntityName:systemID:",
            combining: .custom { realDelegate, closure in closure ?? realDelegate })

        /// `parser(_:parseErrorOccurred:)`: a fatal parse error; the parser
        /// stops. `parser.lineNumber` and `parser.columnNumber` say where.
        ///
        /// Arguments: `(parser, parseError)`.
        public let parseErrorOccurred = MethodSelector<(XMLParser, any Error), Void>(
            "parser(_:parseErrorOccurred:)", objC: "parser:parseErrorOccurred:")

        /// `parser(_:validationErrorOccurred:)`: a validation error (only when
        /// the parser validates).
        ///
        /// Arguments: `(parser, validationError)`.
        public let validationErrorOccurred = MethodSelector<(XMLParser, any Error), Void>(
            "parser(_:validationErrorOccurred:)", objC: "parser:validationErrorOccurred:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    // MARK: - Installation

    /// Creates a proxy that is not installed on any parser.
    public required init() {
        super.init()
        XMLParserDelegateAdapter().serve(self)
    }

    /// The object a parser holds as its delegate: it forwards every message
    /// to this proxy. ``proxy(for:)`` installs it.
    public var parserDelegate: any XMLParserDelegate { servingAdapter }

    /// The proxy of `parser`, created and installed as its delegate the first
    /// time; the previous delegate becomes `realDelegate`.
    ///
    /// Asking again returns the same proxy, in the parser's region. The parser
    /// keeps its proxy alive; the proxy holds neither the parser nor the real
    /// delegate strongly. The same as the inherited `proxy(for:delegate:)`
    /// with `\.delegate`, and `XMLParser.delegateProxy`.
    ///
    /// - Parameter parser: The parser.
    /// - Returns: The installed proxy.
    public static func proxy(for parser: XMLParser) -> XMLParserDelegateProxy {
        proxy(for: parser, getDelegate: { parser.delegate }, setDelegate: { parser.delegate = $0 })
    }

    /// Removes the proxy from `parser` and makes its `realDelegate` the
    /// parser's delegate again. Does nothing if no proxy is installed.
    ///
    /// - Parameter parser: The parser.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall(from parser: XMLParser) -> XMLParserDelegateProxy? {
        uninstall(from: parser, setDelegate: { parser.delegate = $0 })
    }
}

/// What an `XMLParser` holds as its delegate: an `NSObject` (on Apple
/// platforms `XMLParserDelegate` refines `NSObjectProtocol`) that forwards
/// each message to its ``XMLParserDelegateProxy``.
///
/// When its proxy has ended it answers as a delegate that implements nothing.
/// It never forwards to itself: it stands in for its proxy, whose
/// `realDelegate` stores nil for it, so a message cannot loop.
///
/// Where `XMLParser` comes from `FoundationXML` (swift-corelibs-foundation),
/// the protocol's methods are requirements with default implementations, and
/// each method here calls the real delegate's directly: `optionalMethod`'s
/// method reference would hold a copy of the real delegate, a retain and a
/// release per message, slow on an object that is weakly referenced (as a
/// real delegate is). With Objective-C the methods are optional, and
/// `optionalMethod` asks whether the real delegate implements each.
final class XMLParserDelegateAdapter: DelegateProxyAdapter, XMLParserDelegate {
    private typealias P = XMLParserDelegateProxy

    func parserDidStartDocument(_ parser: XMLParser) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.didStartDocument, parser) {
                #if canImport(FoundationXML)
                $0.parserDidStartDocument($1)
                #else
                optionalMethod($0.parserDidStartDocument(_:))?($1)
                #endif
            }
        }
    }

    func parserDidEndDocument(_ parser: XMLParser) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.didEndDocument, parser) {
                #if canImport(FoundationXML)
                $0.parserDidEndDocument($1)
                #else
                optionalMethod($0.parserDidEndDocument(_:))?($1)
                #endif
            }
        }
    }

    func parser(
        _ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundNotationDeclaration, (parser, name, publicID, systemID)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, foundNotationDeclarationWithName: $1.1, publicID: $1.2, systemID: $1.3)
                #else
                optionalMethod($0.parser(_:foundNotationDeclarationWithName:publicID:systemID:))?(
                    $1.0, $1.1, $1.2, $1.3)
                #endif
            }
        }
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?, notationName: String?
    ) {
        withProxy(P.self) { proxy in
            proxy.forward(
                P.selectors.foundUnparsedEntityDeclaration, (parser, name, publicID, systemID, notationName)
            ) {
                #if canImport(FoundationXML)
                $0.parser(
                    $1.0, foundUnparsedEntityDeclarationWithName: $1.1, publicID: $1.2, systemID: $1.3,
                    notationName: $1.4)
                #else
                optionalMethod(
                    $0.parser(_:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:))?(
                        $1.0, $1.1, $1.2, $1.3, $1.4)
                #endif
            }
        }
    }

    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        withProxy(P.self) { proxy in
            proxy.forward(
                P.selectors.foundAttributeDeclaration, (parser, attributeName, elementName, type, defaultValue)
            ) {
                #if canImport(FoundationXML)
                $0.parser(
                    $1.0, foundAttributeDeclarationWithName: $1.1, forElement: $1.2, type: $1.3, defaultValue: $1.4)
                #else
                optionalMethod($0.parser(_:foundAttributeDeclarationWithName:forElement:type:defaultValue:))?(
                    $1.0, $1.1, $1.2, $1.3, $1.4)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundElementDeclaration, (parser, elementName, model)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, foundElementDeclarationWithName: $1.1, model: $1.2)
                #else
                optionalMethod($0.parser(_:foundElementDeclarationWithName:model:))?($1.0, $1.1, $1.2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundInternalEntityDeclaration, (parser, name, value)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, foundInternalEntityDeclarationWithName: $1.1, value: $1.2)
                #else
                optionalMethod($0.parser(_:foundInternalEntityDeclarationWithName:value:))?($1.0, $1.1, $1.2)
                #endif
            }
        }
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?
    ) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundExternalEntityDeclaration, (parser, name, publicID, systemID)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, foundExternalEntityDeclarationWithName: $1.1, publicID: $1.2, systemID: $1.3)
                #else
                optionalMethod($0.parser(_:foundExternalEntityDeclarationWithName:publicID:systemID:))?(
                    $1.0, $1.1, $1.2, $1.3)
                #endif
            }
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.didStartElement, (parser, elementName, namespaceURI, qName, attributeDict)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, didStartElement: $1.1, namespaceURI: $1.2, qualifiedName: $1.3, attributes: $1.4)
                #else
                optionalMethod($0.parser(_:didStartElement:namespaceURI:qualifiedName:attributes:))?(
                    $1.0, $1.1, $1.2, $1.3, $1.4)
                #endif
            }
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.didEndElement, (parser, elementName, namespaceURI, qName)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, didEndElement: $1.1, namespaceURI: $1.2, qualifiedName: $1.3)
                #else
                optionalMethod($0.parser(_:didEndElement:namespaceURI:qualifiedName:))?(
                    $1.0, $1.1, $1.2, $1.3)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.didStartMappingPrefix, (parser, prefix, namespaceURI)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, didStartMappingPrefix: $1.1, toURI: $1.2)
                #else
                optionalMethod($0.parser(_:didStartMappingPrefix:toURI:))?($1.0, $1.1, $1.2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.didEndMappingPrefix, parser, prefix) {
                #if canImport(FoundationXML)
                $0.parser($1, didEndMappingPrefix: $2)
                #else
                optionalMethod($0.parser(_:didEndMappingPrefix:))?($1, $2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundCharacters, parser, string) {
                #if canImport(FoundationXML)
                $0.parser($1, foundCharacters: $2)
                #else
                optionalMethod($0.parser(_:foundCharacters:))?($1, $2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundIgnorableWhitespace, parser, whitespaceString) {
                #if canImport(FoundationXML)
                $0.parser($1, foundIgnorableWhitespace: $2)
                #else
                optionalMethod($0.parser(_:foundIgnorableWhitespace:))?($1, $2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundProcessingInstruction, (parser, target, data)) {
                #if canImport(FoundationXML)
                $0.parser($1.0, foundProcessingInstructionWithTarget: $1.1, data: $1.2)
                #else
                optionalMethod($0.parser(_:foundProcessingInstructionWithTarget:data:))?($1.0, $1.1, $1.2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundComment, parser, comment) {
                #if canImport(FoundationXML)
                $0.parser($1, foundComment: $2)
                #else
                optionalMethod($0.parser(_:foundComment:))?($1, $2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.foundCDATA, parser, block) {
                #if canImport(FoundationXML)
                $0.parser($1, foundCDATA: $2)
                #else
                optionalMethod($0.parser(_:foundCDATA:))?($1, $2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        return withProxy(P.self) { proxy in
            proxy.forward(P.selectors.resolveExternalEntity, (parser, name, systemID), default: nil) {
                #if canImport(FoundationXML)
                return $0.parser($1.0, resolveExternalEntityName: $1.1, systemID: $1.2)
                #else
                return optionalMethod($0.parser(_:resolveExternalEntityName:systemID:))?($1.0, $1.1, $1.2)
                    ?? nil
                #endif
            }
        } ?? nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.parseErrorOccurred, parser, parseError) {
                #if canImport(FoundationXML)
                $0.parser($1, parseErrorOccurred: $2)
                #else
                optionalMethod($0.parser(_:parseErrorOccurred:))?($1, $2)
                #endif
            }
        }
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        withProxy(P.self) { proxy in
            proxy.forward(P.selectors.validationErrorOccurred, parser, validationError) {
                #if canImport(FoundationXML)
                $0.parser($1, validationErrorOccurred: $2)
                #else
                optionalMethod($0.parser(_:validationErrorOccurred:))?($1, $2)
                #endif
            }
        }
    }
}
