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
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false

        struct Open {
            var index: Int
            var text = ""
            var hasChildren = false
        }
        var lines: [String] = []
        var stack: [Open] = []
        var failure: XMLOutlineError?

        let tokens = [
            parser.onStartElement { _, name, _, _, attributes in
                if !stack.isEmpty { stack[stack.count - 1].hasChildren = true }
                let attributeText = attributes.sorted { $0.key < $1.key }
                    .map { " \($0.key)=\"\($0.value)\"" }.joined()
                lines.append(String(repeating: indent, count: stack.count) + name + attributeText)
                stack.append(Open(index: lines.count - 1))
            },
            parser.onCharacters { _, string in
                if !stack.isEmpty { stack[stack.count - 1].text += string }
            },
            parser.onCDATA { _, block in
                if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: block, as: UTF8.self) }
            },
            parser.onEndElement { _, _, _, _ in
                guard let open = stack.popLast() else { return }
                let text = open.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !open.hasChildren, !text.isEmpty { lines[open.index] += ": " + text }
            },
            parser.onParseError { parser, error in
                if failure == nil {
                    failure = XMLOutlineError(
                        line: parser.lineNumber, column: parser.columnNumber,
                        code: (error as NSError).code, message: (error as NSError).localizedDescription)
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
        return lines.map { $0 + "\n" }.joined()
    }
}
