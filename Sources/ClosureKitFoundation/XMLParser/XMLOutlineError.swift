import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Why ``XMLOutline/outline(of:indent:)`` failed: the first parse error, with
/// where it happened.
///
/// ```swift
/// do {
///     print(try XMLOutline.outline(of: data))
/// } catch let error as XMLOutlineError {
///     print("line \(error.line), column \(error.column): \(error.message)")
/// }
/// ```
public struct XMLOutlineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the error, counted from 1.
    ///
    /// For an encoding error (``isEncodingError``) it is where the parser
    /// stood when libxml2 converted the part of the document holding the bad
    /// bytes, which may be before them: libxml2 converts a document in
    /// chunks and does not say where in a chunk conversion failed.
    public let line: Int
    /// The column of the error, counted from 1 (see ``line`` for encoding
    /// errors).
    public let column: Int
    /// The `XMLParser.ErrorCode` raw value.
    public let code: Int
    /// The parser's description of the error.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - line: The line of the error, counted from 1.
    ///   - column: The column of the error, counted from 1.
    ///   - code: The `XMLParser.ErrorCode` raw value.
    ///   - message: The parser's description of the error.
    public init(line: Int, column: Int, code: Int, message: String) {
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    /// The name of the error, as libxml2 (the parser under `XMLParser`)
    /// names its code: `tag name mismatch` for 76, `document empty` for 4;
    /// `error N` for a code it does not name.
    public var name: String {
        LibXML2ErrorNames.names[code] ?? "error \(code)"
    }

    /// Whether the document's bytes could not be converted from the
    /// encoding it declares (libxml2's codes 6000 to 6004, such as 6003 for a
    /// byte that is not valid in that encoding).
    public var isEncodingError: Bool {
        (6000...6004).contains(code)
    }

    /// `malformed XML at line L, column C: name (error N)`; for an encoding
    /// error, `not readable in its declared encoding at or after line L,
    /// column C: name (error N)`, since libxml2 does not say exactly where
    /// (see ``line``).
    public var description: String {
        let what = LibXML2ErrorNames.names[code].map { "\($0) (error \(code))" } ?? "error \(code)"
        if isEncodingError {
            return "not readable in its declared encoding at or after line \(line), column \(column): \(what)"
        }
        return "malformed XML at line \(line), column \(column): \(what)"
    }

    /// libxml2's codes for what it reports and then parses on: warnings
    /// (undeclared entity, unknown version, relative namespace URI, …) and
    /// namespace errors in a document that is well-formed XML 1.0. Linux
    /// Foundation passes them to `parser(_:parseErrorOccurred:)` like fatal
    /// errors; ``XMLOutline`` does not fail on them.
    static let warningCodes: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107, 200, 201, 202, 203, 204, 205]
}
