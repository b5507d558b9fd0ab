import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The element outline of an XML document, built with closures only: what the
/// `xml-outline` example prints.
///
/// One line per element, indented two spaces per level, with the element's
/// qualified name, its attributes sorted by name, and its text when the
/// element holds only text:
///
/// ```text
/// rss version="2.0"
///   channel
///     title: ClosureKit Notes
/// ```
///
/// ```swift
/// let text = try XMLOutline.outline(of: data)
/// print(text)
/// ```
///
/// Every entry reads the document through a guarded parser
/// (`XMLParser.guarded(data:)`), so DTDs that crash Linux Foundation's
/// `XMLParser` outline correctly; for big documents use the stream or file
/// entries, which write each line as soon as it is known.
///
/// It is also a compact example of `XMLParser.onStartElement(options:_:)`,
/// `XMLParser.onCharacters(options:_:)`, `XMLParser.onEndElement(options:_:)`
/// and `XMLParser.onParseError(options:_:)` working together.
public enum XMLOutline {
    /// The outline of the XML document in `data`.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - indent: The indentation of one level.
    /// - Returns: The outline, one element a line, ending with a newline.
    /// - Throws: ``XMLOutlineError`` with the line and column of the first
    ///   parse error.
    public static func outline(of data: Data, indent: String = "  ") throws -> String {
        var text = ""
        try outline(XMLParser.guarded(data: data), indent: indent) { text += $0 + "\n" }
        return text
    }

    /// Writes the outline of the document in `stream` one line at a time, as
    /// the parse goes: memory stays flat however long the document is.
    ///
    /// ```swift
    /// if let stream = InputStream(fileAtPath: "/usr/share/mime/packages/freedesktop.org.xml") {
    ///     try XMLOutline.outline(of: stream) { line in print(line) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - stream: The document. The parser opens and closes it.
    ///   - indent: The indentation of one level.
    ///   - line: Called with each line of the outline, without its newline.
    /// - Throws: ``XMLOutlineError`` with the line and column of the first
    ///   parse error; the lines before it have been written.
    public static func outline(of stream: InputStream, indent: String = "  ", line: (String) -> Void) throws {
        try outline(XMLParser.guarded(stream: stream), indent: indent, line: line)
    }

    /// Writes the outline of the file at `url` one line at a time, as the
    /// parse goes: memory stays flat however long the file is.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - indent: The indentation of one level.
    ///   - line: Called with each line of the outline, without its newline.
    /// - Throws: ``XMLOutlineError`` with the line and column of the first
    ///   parse error (code `-1` if the file cannot be opened).
    public static func outline(ofContentsOf url: URL, indent: String = "  ", line: (String) -> Void) throws {
        guard let parser = XMLParser.guarded(contentsOf: url) else {
            throw XMLOutlineError(line: 0, column: 0, code: -1, message: "cannot open \(url.path)")
        }
        try outline(parser, indent: indent, line: line)
    }

    private static func outline(_ parser: XMLParser, indent: String, line emit: (String) -> Void) throws {
        parser.shouldProcessNamespaces = false

        // The open elements; an element's line is written when its first
        // child starts or when it ends, whichever comes first.
        struct Open {
            var line: String
            var written = false
            var text = ""
        }
        var stack: [Open] = []
        var failure: XMLOutlineError?

        try withoutActuallyEscaping(emit) { emit in
            let tokens = [
                parser.onStartElement { _, name, _, _, attributes in
                    if !stack.isEmpty, !stack[stack.count - 1].written {
                        emit(stack[stack.count - 1].line)
                        stack[stack.count - 1].written = true
                    }
                    let attributeText = attributes.sorted { $0.key < $1.key }
                        .map { " \($0.key)=\"\($0.value)\"" }.joined()
                    stack.append(Open(line: String(repeating: indent, count: stack.count) + name + attributeText))
                },
                parser.onCharacters { _, string in
                    if !stack.isEmpty, !stack[stack.count - 1].written { stack[stack.count - 1].text += string }
                },
                parser.onCDATA { _, block in
                    if !stack.isEmpty, !stack[stack.count - 1].written {
                        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
                    }
                },
                parser.onEndElement { _, _, _, _ in
                    guard let open = stack.popLast(), !open.written else { return }
                    let text = collapsingWhitespace(open.text)
                    emit(text.isEmpty ? open.line : open.line + ": " + text)
                },
                parser.onParseError { parser, error in
                    let error = error as NSError
                    if failure == nil, !XMLOutlineError.warningCodes.contains(error.code) {
                        // The guard's errors say where it stopped the document.
                        failure = XMLOutlineError(
                            line: error.userInfo[GuardedErrorKey.line] as? Int ?? parser.lineNumber,
                            column: error.userInfo[GuardedErrorKey.column] as? Int ?? parser.columnNumber,
                            code: error.code, message: error.localizedDescription)
                    }
                },
            ]
            let succeeded = parser.parse()
            withExtendedLifetime(tokens) {}
            if let failure { throw failure }
            if !succeeded, let error = parser.parserError {
                throw XMLOutlineError(
                    line: parser.lineNumber, column: parser.columnNumber, code: (error as NSError).code,
                    message: (error as NSError).localizedDescription)
            }
        }
    }

    /// `text` with its runs of XML whitespace (space, tab, line feed,
    /// carriage return) made one space, and none at either end.
    private static func collapsingWhitespace(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                space = !bytes.isEmpty
            } else {
                if space { bytes.append(0x20) }
                space = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
