import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Guarded parsers: `XMLParser`s that Linux Foundation's crashes on valid
/// DTDs cannot reach.
///
/// On Linux, `XMLParser` with a delegate dies with a segmentation fault on
/// a document whose internal DTD subset declares an attribute `#IMPLIED` or
/// `#REQUIRED`, on notation declarations without both IDs, on unparsed
/// entities declared with `SYSTEM`, and on processing instructions with no
/// data (`<?target?>`). A guarded parser reads the document through a filter
/// that overwrites exactly those constructs with spaces (line breaks kept,
/// so every line and column number stays the same) and reports them itself,
/// through the delegate, at the point where they were. Bytes that are not
/// UTF-8 where libxml2 reads UTF-8 (which trap in Foundation in a name, a
/// comment or a processing instruction's target) end the document instead,
/// with error 9 reported to the delegate; documents in UTF-16 and UCS-4 are
/// decoded to UTF-8 first and guarded the same way:
///
/// ```swift
/// let parser = XMLParser.guarded(data: data)
/// let token = parser.onDeclaration { _, declaration in
///     if case .attribute(let name, let element, _, _) = declaration {
///         print("\(element) has attribute \(name)")
///     }
/// }
/// _ = parser.parse()
/// ```
///
/// Whenever the delegate is told of a fatal error, including the guard's own
/// (error 9 for bytes that are not UTF-8, error 4 for a document with no bytes
/// at all, which Linux Foundation lets pass), `parse()` returns false and
/// `parserError` is that error.
///
/// A guarded parser always reads a stream, in chunks, whatever it was made
/// from, so it also parses documents of any size (`XMLParser(data:)` fails
/// on Linux from about 10 MB). The platform notes of ClosureKitFoundation
/// list what changes for a delegate. On Apple platforms, whose Foundation
/// does not crash, the constructs are left as they are.
extension XMLParser {
    /// A guarded parser for the document in `data`.
    ///
    /// - Parameter data: The document's bytes.
    /// - Returns: A parser that reads `data` through the guard.
    public static func guarded(data: Data) -> XMLParser {
        #if canImport(FoundationXML)
        return guardedParser(GuardedXMLInputStream(data: data, guarding: ()))
        #else
        return XMLParser(data: data)
        #endif
    }

    /// A guarded parser for `stream`, read in chunks as the parse goes: the
    /// way to parse a document of any size with flat memory.
    ///
    /// - Parameter stream: The document. The parser opens and closes it.
    /// - Returns: A parser that reads `stream` through the guard.
    public static func guarded(stream: InputStream) -> XMLParser {
        #if canImport(FoundationXML)
        return guardedParser(GuardedXMLInputStream(stream: stream, guarding: ()))
        #else
        return XMLParser(stream: stream)
        #endif
    }

    /// A guarded parser for the file at `url`, read in chunks as the parse
    /// goes.
    ///
    /// - Parameter url: A file URL.
    /// - Returns: A parser that reads the file through the guard, or nil if
    ///   the file cannot be opened.
    public static func guarded(contentsOf url: URL) -> XMLParser? {
        // Linux Foundation makes a stream for a path that does not exist (it
        // fails at its first read); a missing file, a directory or a file
        // without read permission is nil here, as documented.
        var isDirectory: ObjCBool = false
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: url.path),
            let stream = InputStream(url: url)
        else { return nil }
        return guarded(stream: stream)
    }

    #if canImport(FoundationXML)
    private static func guardedParser(_ input: GuardedXMLInputStream) -> XMLParser {
        let parser = GuardedXMLParser(stream: input)
        let reporter = GuardedConstructReporter()
        parser.reporter = reporter
        reporter.input = input
        input.onGuarded = { [unowned parser] construct in reporter.add(construct, to: parser) }
        input.onClose = { [unowned parser] in reporter.finish(parser) }
        return parser
    }
    #endif
}

#if canImport(FoundationXML)
/// The parser `XMLParser.guarded` returns: Foundation's, whose `parse()` and
/// `parserError` also count the errors the guard reports (a document cut at
/// bytes that are not UTF-8, an empty document), so that a caller who checks
/// `parse()` never sees success for a document the delegate was told is
/// broken.
private final class GuardedXMLParser: XMLParser {
    /// Set once, before the parser is shared.
    var reporter: GuardedConstructReporter?

    override func parse() -> Bool {
        let succeeded = super.parse()
        reporter?.finishEmptyDocument(self)
        return succeeded && reporter?.fatalError == nil
    }

    override var parserError: (any Error)? {
        super.parserError ?? reporter?.fatalError
    }
}

/// The `userInfo` keys of the errors the guard reports: where, counted from
/// 1, the guard stopped the document (Foundation's own `lineNumber` and
/// `columnNumber` may not have reached it).
enum GuardedErrorKey {
    static let line = "ClosureKitFoundation.line"
    static let column = "ClosureKitFoundation.column"
}

extension XMLGuardedConstruct {
    /// An error that the parser reports where it stops, which is where the
    /// construct is: it goes before the parser's own error there.
    fileprivate var isError: Bool {
        switch kind {
        case .invalidUTF8, .invalidUnit, .unsupportedEncoding: return true
        default: return false
        }
    }
}

/// Reports the constructs a guarded parser's filter blanked, through the
/// parser's delegate, just before the first event that comes after them.
///
/// It registers nothing until the filter blanks something, so a document
/// with nothing to guard costs nothing per event.
private final class GuardedConstructReporter {
    /// The first fatal error the guard reported, which the parser's
    /// `parse()` and `parserError` report too.
    private(set) var fatalError: NSError?
    private var pending: [XMLGuardedConstruct] = []
    /// Whether ``flush(_:all:atError:)`` is running.
    private var flushing = false
    private var tokens: [CancellationToken] = []
    /// The stream the parser reads (which holds this reporter).
    weak var input: GuardedXMLInputStream?

    /// Called on the parsing thread (from the stream's `read`), before the
    /// parser sees the blanked bytes.
    func add(_ construct: XMLGuardedConstruct, to parser: XMLParser) {
        pending.append(construct)
        guard tokens.isEmpty, parser.delegate != nil else { return }
        // Installs the proxy now if the parser has another delegate, which
        // becomes the proxy's real delegate and still gets every message.
        let proxy = parser.delegateProxy
        typealias P = XMLParserDelegateProxy
        // Closures of the region form (the parser is not Sendable): they join
        // the parser's region, which holds this reporter through its stream.
        let flush: (XMLParser) -> Void = { [weak self] in self?.flush($0, all: false) }
        tokens = [
            proxy.before(P.selectors.foundElementDeclaration) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundAttributeDeclaration) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundNotationDeclaration) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundUnparsedEntityDeclaration) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundInternalEntityDeclaration) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundExternalEntityDeclaration) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundComment) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundProcessingInstruction) { flush($0.arguments.0) },
            proxy.before(P.selectors.foundCDATA) { flush($0.arguments.0) },
            proxy.before(P.selectors.didStartElement) { flush($0.arguments.0) },
            proxy.before(P.selectors.didEndElement) { flush($0.arguments.0) },
            proxy.before(P.selectors.parseErrorOccurred) { [weak self] in
                self?.flush($0.arguments.0, all: false, atError: true)
            },
            proxy.before(P.selectors.didEndDocument) { [weak self] in self?.flush($0.arguments, all: true) },
        ]
    }

    /// Reports, in order, the pending constructs that begin before the
    /// parser's position (all of them at the end of the document), and the
    /// guard's own error before the first error that the parser reports on
    /// its line or after once it has read the end of the document, which the
    /// guard cut there (by line only: the parser's column at the end may be
    /// before text it held back). Errors on earlier lines, such as libxml2's
    /// complaint about a broken XML declaration, come before the guard's; if
    /// none reaches its line, ``finish(_:)`` reports it.
    ///
    /// Not re-entered: reporting a construct sends a message whose `before`
    /// hook flushes, and a nested flush would report the next construct
    /// before the delegate heard of the current one (two blanked
    /// declarations came out in reverse order).
    private func flush(_ parser: XMLParser, all: Bool, atError: Bool = false) {
        guard !flushing else { return }
        flushing = true
        defer { flushing = false }
        let line = parser.lineNumber
        let column = parser.columnNumber
        let atEnd = atError && input?.reachedEnd != false
        while let next = pending.first,
            all || (next.line, next.column) < (line, column)
                || (atEnd && next.isError && next.line <= line)
        {
            pending.removeFirst()
            report(next, to: parser)
        }
    }

    /// Called when the parser closes the stream, its parse over. Foundation
    /// stops a parse at the end of the chunk where libxml2 reported its
    /// first error, so the parser may not have reached where the guard cut
    /// the document: the guard's error is reported now (unless the parse
    /// was aborted), so that no cut goes unreported. The declarations after
    /// the parser's stop are not, as the parser did not reach them.
    func finish(_ parser: XMLParser) {
        let errors = pending.filter(\.isError)
        pending.removeAll()
        guard (parser.parserError as NSError?)?.code != XMLParser.ErrorCode.delegateAbortedParseError.rawValue
        else { return }
        for error in errors { report(error, to: parser) }
    }

    /// Linux Foundation reports nothing for a document with no bytes at all
    /// (whitespace alone is already its error 4): the guard reports libxml2's
    /// error 4 itself, to the delegate and through the parser.
    func finishEmptyDocument(_ parser: XMLParser) {
        guard fatalError == nil, parser.parserError == nil, input?.sourceByteCount == 0 else { return }
        let error = guardError(code: 4, message: "Document is empty at line 1, column 1", line: 1, column: 1)
        fatalError = error
        parser.delegate?.parser(parser, parseErrorOccurred: error)
    }

    private func guardError(code: Int, message: String, line: Int, column: Int) -> NSError {
        NSError(
            domain: XMLParser.errorDomain, code: code,
            userInfo: [
                NSLocalizedDescriptionKey: message, GuardedErrorKey.line: line, GuardedErrorKey.column: column,
            ])
    }

    private func report(_ next: XMLGuardedConstruct, to parser: XMLParser) {
        if next.isError, fatalError == nil, let error = error(for: next) { fatalError = error }
        guard let delegate = parser.delegate else { return }
        switch next.kind {
        case .attribute(let name, let element, let type, let defaultValue):
            delegate.parser(
                parser, foundAttributeDeclarationWithName: name, forElement: element, type: type,
                defaultValue: defaultValue)
        case .notation(let name, let publicID, let systemID):
            delegate.parser(parser, foundNotationDeclarationWithName: name, publicID: publicID, systemID: systemID)
        case .unparsedEntity(let name, let publicID, let systemID, let notationName):
            delegate.parser(
                parser, foundUnparsedEntityDeclarationWithName: name, publicID: publicID, systemID: systemID,
                notationName: notationName)
        case .processingInstruction(let target):
            delegate.parser(parser, foundProcessingInstructionWithTarget: target, data: nil)
        case .invalidUTF8, .invalidUnit, .unsupportedEncoding:
            if let error = error(for: next) { delegate.parser(parser, parseErrorOccurred: error) }
        }
    }

    /// The parse error for a construct that ends the document; nil for the
    /// others.
    private func error(for next: XMLGuardedConstruct) -> NSError? {
        switch next.kind {
        case .invalidUTF8(let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return guardError(
                code: 9,
                message: "Input is not proper UTF-8 (byte 0x\(hex)) at line \(next.line), column \(next.column)",
                line: next.line, column: next.column)
        case .invalidUnit(let encoding, let value):
            let hex = String(value, radix: 16, uppercase: true)
            return guardError(
                code: 9,
                message: "Input is not proper \(encoding) (unit 0x\(hex)) at line \(next.line), column \(next.column)",
                line: next.line, column: next.column)
        case .unsupportedEncoding(let name):
            // libxml2's XML_ERR_UNSUPPORTED_ENCODING
            return guardError(
                code: 32, message: "A guarded parser does not read documents in \(name)", line: next.line,
                column: next.column)
        default:
            return nil
        }
    }
}
#endif
