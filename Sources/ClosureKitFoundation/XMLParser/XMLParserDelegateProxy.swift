import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A delegate proxy for `XMLParser`: answers every `XMLParserDelegate` method
/// with closures, the parser's previous delegate (``realDelegate``), or the
/// protocol's default.
///
/// Get the parser's proxy with ``XMLParser/delegateProxy`` (or
/// `XMLParserDelegateProxy.proxy(for: parser, delegate: \.delegate)`): the
/// first call installs it as the parser's delegate and keeps the previous
/// delegate as ``realDelegate``. The parser keeps its proxy alive.
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
/// parser.parse()
/// ```
///
/// For full control, register on a typed selector: ``implement(_:options:with:)``
/// replaces the real delegate for one method, ``before(_:options:_:)`` and
/// ``after(_:options:_:)`` observe it, ``instead(_:options:_:)`` replaces it
/// and can call through.
///
/// ## Combining rule
///
/// ``resolveExternalEntity`` is the only method that returns a value: the
/// closure's data if it is not nil, otherwise the real delegate's (both are
/// asked, the real delegate first). Every other method returns nothing.
///
/// ## Threads
///
/// `XMLParser` calls its delegate on the thread that runs `parse()`, so the
/// closures run there too.
public final class XMLParserDelegateProxy: DelegateProxy<any XMLParserDelegate>, XMLParserDelegate,
    @unchecked Sendable
{
    // MARK: - Selectors

    /// `parserDidStartDocument(_:)`: the parser began the document.
    ///
    /// Arguments: the parser.
    public static let didStartDocument = MethodSelector<XMLParser, Void>("parserDidStartDocument(_:)")

    /// `parserDidEndDocument(_:)`: the parser reached the end of the document
    /// without an error.
    ///
    /// Arguments: the parser.
    public static let didEndDocument = MethodSelector<XMLParser, Void>("parserDidEndDocument(_:)")

    /// `parser(_:foundNotationDeclarationWithName:publicID:systemID:)`: a DTD
    /// notation declaration.
    ///
    /// Arguments: `(parser, name, publicID, systemID)`.
    public static let foundNotationDeclaration = MethodSelector<(XMLParser, String, String?, String?), Void>(
        "parser(_:foundNotationDeclarationWithName:publicID:systemID:)")

    /// `parser(_:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:)`:
    /// a DTD unparsed (`NDATA`) entity declaration.
    ///
    /// Arguments: `(parser, name, publicID, systemID, notationName)`.
    public static let foundUnparsedEntityDeclaration = MethodSelector<
        (XMLParser, String, String?, String?, String?), Void
    >("parser(_:foundUnparsedEntityDeclarationWithName:publicID:systemID:notationName:)")

    /// `parser(_:foundAttributeDeclarationWithName:forElement:type:defaultValue:)`:
    /// a DTD attribute-list declaration.
    ///
    /// Arguments: `(parser, attributeName, elementName, type, defaultValue)`.
    public static let foundAttributeDeclaration = MethodSelector<
        (XMLParser, String, String, String?, String?), Void
    >("parser(_:foundAttributeDeclarationWithName:forElement:type:defaultValue:)")

    /// `parser(_:foundElementDeclarationWithName:model:)`: a DTD element
    /// declaration.
    ///
    /// Arguments: `(parser, elementName, model)`.
    public static let foundElementDeclaration = MethodSelector<(XMLParser, String, String), Void>(
        "parser(_:foundElementDeclarationWithName:model:)")

    /// `parser(_:foundInternalEntityDeclarationWithName:value:)`: a DTD
    /// internal entity declaration.
    ///
    /// Arguments: `(parser, name, value)`.
    public static let foundInternalEntityDeclaration = MethodSelector<(XMLParser, String, String?), Void>(
        "parser(_:foundInternalEntityDeclarationWithName:value:)")

    /// `parser(_:foundExternalEntityDeclarationWithName:publicID:systemID:)`:
    /// a DTD external entity declaration.
    ///
    /// Arguments: `(parser, name, publicID, systemID)`.
    public static let foundExternalEntityDeclaration = MethodSelector<(XMLParser, String, String?, String?), Void>(
        "parser(_:foundExternalEntityDeclarationWithName:publicID:systemID:)")

    /// `parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)`: a
    /// start tag.
    ///
    /// Arguments: `(parser, elementName, namespaceURI, qualifiedName, attributes)`.
    public static let didStartElement = MethodSelector<
        (XMLParser, String, String?, String?, [String: String]), Void
    >("parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)")

    /// `parser(_:didEndElement:namespaceURI:qualifiedName:)`: an end tag.
    ///
    /// Arguments: `(parser, elementName, namespaceURI, qualifiedName)`.
    public static let didEndElement = MethodSelector<(XMLParser, String, String?, String?), Void>(
        "parser(_:didEndElement:namespaceURI:qualifiedName:)")

    /// `parser(_:didStartMappingPrefix:toURI:)`: a namespace prefix comes into
    /// scope (only with `shouldReportNamespacePrefixes`).
    ///
    /// Arguments: `(parser, prefix, namespaceURI)`.
    public static let didStartMappingPrefix = MethodSelector<(XMLParser, String, String), Void>(
        "parser(_:didStartMappingPrefix:toURI:)")

    /// `parser(_:didEndMappingPrefix:)`: a namespace prefix goes out of scope.
    ///
    /// Arguments: `(parser, prefix)`.
    public static let didEndMappingPrefix = MethodSelector<(XMLParser, String), Void>(
        "parser(_:didEndMappingPrefix:)")

    /// `parser(_:foundCharacters:)`: character data; one run of text may
    /// arrive in several calls.
    ///
    /// Arguments: `(parser, string)`.
    public static let foundCharacters = MethodSelector<(XMLParser, String), Void>("parser(_:foundCharacters:)")

    /// `parser(_:foundIgnorableWhitespace:)`: whitespace the DTD declares
    /// ignorable.
    ///
    /// Arguments: `(parser, whitespaceString)`.
    public static let foundIgnorableWhitespace = MethodSelector<(XMLParser, String), Void>(
        "parser(_:foundIgnorableWhitespace:)")

    /// `parser(_:foundProcessingInstructionWithTarget:data:)`: a processing
    /// instruction such as `<?xml-stylesheet …?>`.
    ///
    /// Arguments: `(parser, target, data)`.
    public static let foundProcessingInstruction = MethodSelector<(XMLParser, String, String?), Void>(
        "parser(_:foundProcessingInstructionWithTarget:data:)")

    /// `parser(_:foundComment:)`: a comment.
    ///
    /// Arguments: `(parser, comment)`.
    public static let foundComment = MethodSelector<(XMLParser, String), Void>("parser(_:foundComment:)")

    /// `parser(_:foundCDATA:)`: a CDATA section, as bytes.
    ///
    /// Arguments: `(parser, CDATABlock)`.
    public static let foundCDATA = MethodSelector<(XMLParser, Data), Void>("parser(_:foundCDATA:)")

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
    public static let resolveExternalEntity = MethodSelector<(XMLParser, String, String?), Data?>(
        "parser(_:resolveExternalEntityName:systemID:)",
        combining: .custom { realDelegate, closure in closure ?? realDelegate })

    /// `parser(_:parseErrorOccurred:)`: a fatal parse error; the parser
    /// stops. `parser.lineNumber` and `parser.columnNumber` say where.
    ///
    /// Arguments: `(parser, parseError)`.
    public static let parseErrorOccurred = MethodSelector<(XMLParser, any Error), Void>(
        "parser(_:parseErrorOccurred:)")

    /// `parser(_:validationErrorOccurred:)`: a validation error (only when
    /// the parser validates).
    ///
    /// Arguments: `(parser, validationError)`.
    public static let validationErrorOccurred = MethodSelector<(XMLParser, any Error), Void>(
        "parser(_:validationErrorOccurred:)")

    /// Every method of `XMLParserDelegate`.
    public override class var selectors: [AnyMethodSelector] {
        [
            didStartDocument.erased, didEndDocument.erased, foundNotationDeclaration.erased,
            foundUnparsedEntityDeclaration.erased, foundAttributeDeclaration.erased,
            foundElementDeclaration.erased, foundInternalEntityDeclaration.erased,
            foundExternalEntityDeclaration.erased, didStartElement.erased, didEndElement.erased,
            didStartMappingPrefix.erased, didEndMappingPrefix.erased, foundCharacters.erased,
            foundIgnorableWhitespace.erased, foundProcessingInstruction.erased, foundComment.erased,
            foundCDATA.erased, resolveExternalEntity.erased, parseErrorOccurred.erased,
            validationErrorOccurred.erased,
        ]
    }

    // MARK: - XMLParserDelegate

    /// Forwards ``didStartDocument``.
    public func parserDidStartDocument(_ parser: XMLParser) {
        forward(Self.didStartDocument, parser) { $0.parserDidStartDocument($1) }
    }

    /// Forwards ``didEndDocument``.
    public func parserDidEndDocument(_ parser: XMLParser) {
        forward(Self.didEndDocument, parser) { $0.parserDidEndDocument($1) }
    }

    /// Forwards ``foundNotationDeclaration``.
    public func parser(
        _ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        forward(Self.foundNotationDeclaration, (parser, name, publicID, systemID)) {
            $0.parser($1.0, foundNotationDeclarationWithName: $1.1, publicID: $1.2, systemID: $1.3)
        }
    }

    /// Forwards ``foundUnparsedEntityDeclaration``.
    public func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?, notationName: String?
    ) {
        forward(Self.foundUnparsedEntityDeclaration, (parser, name, publicID, systemID, notationName)) {
            $0.parser(
                $1.0, foundUnparsedEntityDeclarationWithName: $1.1, publicID: $1.2, systemID: $1.3,
                notationName: $1.4)
        }
    }

    /// Forwards ``foundAttributeDeclaration``.
    public func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        forward(Self.foundAttributeDeclaration, (parser, attributeName, elementName, type, defaultValue)) {
            $0.parser(
                $1.0, foundAttributeDeclarationWithName: $1.1, forElement: $1.2, type: $1.3, defaultValue: $1.4)
        }
    }

    /// Forwards ``foundElementDeclaration``.
    public func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        forward(Self.foundElementDeclaration, (parser, elementName, model)) {
            $0.parser($1.0, foundElementDeclarationWithName: $1.1, model: $1.2)
        }
    }

    /// Forwards ``foundInternalEntityDeclaration``.
    public func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        forward(Self.foundInternalEntityDeclaration, (parser, name, value)) {
            $0.parser($1.0, foundInternalEntityDeclarationWithName: $1.1, value: $1.2)
        }
    }

    /// Forwards ``foundExternalEntityDeclaration``.
    public func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?
    ) {
        forward(Self.foundExternalEntityDeclaration, (parser, name, publicID, systemID)) {
            $0.parser($1.0, foundExternalEntityDeclarationWithName: $1.1, publicID: $1.2, systemID: $1.3)
        }
    }

    /// Forwards ``didStartElement``.
    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        forward(Self.didStartElement, (parser, elementName, namespaceURI, qName, attributeDict)) {
            $0.parser($1.0, didStartElement: $1.1, namespaceURI: $1.2, qualifiedName: $1.3, attributes: $1.4)
        }
    }

    /// Forwards ``didEndElement``.
    public func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        forward(Self.didEndElement, (parser, elementName, namespaceURI, qName)) {
            $0.parser($1.0, didEndElement: $1.1, namespaceURI: $1.2, qualifiedName: $1.3)
        }
    }

    /// Forwards ``didStartMappingPrefix``.
    public func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        forward(Self.didStartMappingPrefix, (parser, prefix, namespaceURI)) {
            $0.parser($1.0, didStartMappingPrefix: $1.1, toURI: $1.2)
        }
    }

    /// Forwards ``didEndMappingPrefix``.
    public func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        forward(Self.didEndMappingPrefix, (parser, prefix)) { $0.parser($1.0, didEndMappingPrefix: $1.1) }
    }

    /// Forwards ``foundCharacters``.
    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        forward(Self.foundCharacters, (parser, string)) { $0.parser($1.0, foundCharacters: $1.1) }
    }

    /// Forwards ``foundIgnorableWhitespace``.
    public func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        forward(Self.foundIgnorableWhitespace, (parser, whitespaceString)) {
            $0.parser($1.0, foundIgnorableWhitespace: $1.1)
        }
    }

    /// Forwards ``foundProcessingInstruction``.
    public func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        forward(Self.foundProcessingInstruction, (parser, target, data)) {
            $0.parser($1.0, foundProcessingInstructionWithTarget: $1.1, data: $1.2)
        }
    }

    /// Forwards ``foundComment``.
    public func parser(_ parser: XMLParser, foundComment comment: String) {
        forward(Self.foundComment, (parser, comment)) { $0.parser($1.0, foundComment: $1.1) }
    }

    /// Forwards ``foundCDATA``.
    public func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        forward(Self.foundCDATA, (parser, CDATABlock)) { $0.parser($1.0, foundCDATA: $1.1) }
    }

    /// Forwards ``resolveExternalEntity``; answers nil when nothing else does.
    public func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        forward(Self.resolveExternalEntity, (parser, name, systemID), default: nil) {
            $0.parser($1.0, resolveExternalEntityName: $1.1, systemID: $1.2)
        }
    }

    /// Forwards ``parseErrorOccurred``.
    public func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        forward(Self.parseErrorOccurred, (parser, parseError)) { $0.parser($1.0, parseErrorOccurred: $1.1) }
    }

    /// Forwards ``validationErrorOccurred``.
    public func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        forward(Self.validationErrorOccurred, (parser, validationError)) {
            $0.parser($1.0, validationErrorOccurred: $1.1)
        }
    }
}
