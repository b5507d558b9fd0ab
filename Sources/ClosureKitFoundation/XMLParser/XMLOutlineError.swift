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

    /// `malformed XML at line L, column C (error N): message`.
    public var description: String {
        "malformed XML at line \(line), column \(column) (error \(code)): \(message)"
    }
}
