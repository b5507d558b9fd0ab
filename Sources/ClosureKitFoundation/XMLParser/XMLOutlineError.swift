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
    public let line: Int
    /// The column of the error, counted from 1.
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

    /// `malformed XML at line L, column C: name (error N)`.
    public var description: String {
        "malformed XML at line \(line), column \(column): \(name) (error \(code))"
    }

    /// libxml2's codes for what it reports and then parses on: warnings
    /// (undeclared entity, unknown version, relative namespace URI, …) and
    /// namespace errors in a document that is well-formed XML 1.0. Linux
    /// Foundation passes them to `parser(_:parseErrorOccurred:)` like fatal
    /// errors; ``XMLOutline`` does not fail on them.
    static let warningCodes: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107, 200, 201, 202, 203, 204, 205]
}
