import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One call an `XMLParser` made to its delegate, with its arguments, so that two
/// ways of receiving events can be compared event for event.
enum XMLEvent: Equatable, Sendable {
    case startDocument
    case endDocument
    case notationDeclaration(name: String, publicID: String?, systemID: String?)
    case unparsedEntityDeclaration(name: String, publicID: String?, systemID: String?, notationName: String?)
    case attributeDeclaration(name: String, element: String, type: String?, defaultValue: String?)
    case elementDeclaration(name: String, model: String)
    case internalEntityDeclaration(name: String, value: String?)
    case externalEntityDeclaration(name: String, publicID: String?, systemID: String?)
    case startElement(name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String])
    case endElement(name: String, namespaceURI: String?, qualifiedName: String?)
    case startMappingPrefix(prefix: String, uri: String)
    case endMappingPrefix(prefix: String)
    case characters(String)
    case ignorableWhitespace(String)
    case processingInstruction(target: String, data: String?)
    case comment(String)
    case cdata(Data)
    case resolveExternalEntity(name: String, systemID: String?)
    case parseError(code: Int, line: Int, column: Int)
    case validationError(code: Int, line: Int, column: Int)
}

extension [XMLEvent] {
    /// The events with each run of consecutive namespace-prefix events sorted
    /// by prefix: swift-corelibs-foundation reports the prefixes of one
    /// element in dictionary order, which differs from parse to parse.
    func normalizingPrefixOrder() -> [XMLEvent] {
        func prefixKey(_ event: XMLEvent) -> (Int, String)? {
            switch event {
            case .startMappingPrefix(let prefix, _): (0, prefix)
            case .endMappingPrefix(let prefix): (1, prefix)
            default: nil
            }
        }
        var result: [XMLEvent] = []
        var run: [XMLEvent] = []
        func flush() {
            result += run.sorted { lhs, rhs in
                let (l, r) = (prefixKey(lhs)!, prefixKey(rhs)!)
                return l.0 != r.0 ? l.0 < r.0 : l.1 < r.1
            }
            run.removeAll()
        }
        for event in self {
            if prefixKey(event) != nil {
                run.append(event)
            } else {
                flush()
                result.append(event)
            }
        }
        flush()
        return result
    }
}

/// The reference: a hand-written `XMLParserDelegate` that records every event.
final class RecordingXMLDelegate: NSObject, XMLParserDelegate {
    private(set) var events: [XMLEvent] = []

    func parserDidStartDocument(_ parser: XMLParser) {
        events.append(.startDocument)
    }

    func parserDidEndDocument(_ parser: XMLParser) {
        events.append(.endDocument)
    }

    func parser(
        _ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        events.append(.notationDeclaration(name: name, publicID: publicID, systemID: systemID))
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?, notationName: String?
    ) {
        events.append(
            .unparsedEntityDeclaration(name: name, publicID: publicID, systemID: systemID, notationName: notationName))
    }

    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String, forElement elementName: String,
        type: String?, defaultValue: String?
    ) {
        events.append(
            .attributeDeclaration(name: attributeName, element: elementName, type: type, defaultValue: defaultValue))
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        events.append(.elementDeclaration(name: elementName, model: model))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        events.append(.internalEntityDeclaration(name: name, value: value))
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        events.append(.externalEntityDeclaration(name: name, publicID: publicID, systemID: systemID))
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String]
    ) {
        events.append(
            .startElement(
                name: elementName, namespaceURI: namespaceURI, qualifiedName: qName, attributes: attributeDict))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        events.append(.endElement(name: elementName, namespaceURI: namespaceURI, qualifiedName: qName))
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        events.append(.startMappingPrefix(prefix: prefix, uri: namespaceURI))
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        events.append(.endMappingPrefix(prefix: prefix))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        events.append(.characters(string))
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        events.append(.ignorableWhitespace(whitespaceString))
    }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        events.append(.processingInstruction(target: target, data: data))
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        events.append(.comment(comment))
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        events.append(.cdata(block))
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        events.append(.resolveExternalEntity(name: name, systemID: systemID))
        return nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        events.append(
            .parseError(code: (parseError as NSError).code, line: parser.lineNumber, column: parser.columnNumber))
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        events.append(
            .validationError(
                code: (validationError as NSError).code, line: parser.lineNumber, column: parser.columnNumber))
    }
}

/// The fixtures shipped with the tests.
enum Fixture: String, CaseIterable, Sendable {
    case rss = "feed.rss"
    case svg = "drawing.svg"
    case mixed = "mixed.xml"
    case malformed = "malformed.xml"

    /// The fixture's bytes, from the test bundle.
    func data() throws -> Data {
        let name = (rawValue as NSString).deletingPathExtension
        let ext = (rawValue as NSString).pathExtension
        guard
            let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures")
                ?? Bundle.module.url(forResource: name, withExtension: ext)
        else {
            throw FixtureError.missing(rawValue)
        }
        return try Data(contentsOf: url)
    }

    /// A parser over the fixture, configured like the tests' reference parse:
    /// namespaces processed and prefixes reported.
    func parser() throws -> XMLParser {
        let parser = XMLParser(data: try data())
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        return parser
    }

    /// The events a hand-written delegate receives for this fixture.
    func referenceEvents() throws -> [XMLEvent] {
        let parser = try parser()
        let delegate = RecordingXMLDelegate()
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.events
    }
}

enum FixtureError: Error {
    case missing(String)
}
