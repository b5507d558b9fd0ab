import Foundation
import Testing

@testable import ClosureKitFoundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the delegate of a parser was told, in order.
private final class ErrorCollector: NSObject, XMLParserDelegate {
    var errors: [NSError] = []

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        errors.append(parseError as NSError)
    }
}

/// A temporary folder, removed when the test ends.
private func withTemporaryFolder(_ body: (URL) throws -> Void) rethrows {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xml-edges-\(UUID())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
}

@Suite("XML at the edges: empty, missing and binary input")
struct XMLEdgeInputTests {
    @Test("an empty document is an error: from data, from a stream and from a file")
    func emptyDocument() throws {
        #expect(throws: XMLOutlineError.self) { try XMLOutline.outline(of: Data()) }
        do {
            _ = try XMLOutline.outline(of: Data())
        } catch let error as XMLOutlineError {
            #expect(error.code == 4)
            #expect(error.line == 1 && error.column == 1)
        }
        #expect(throws: XMLOutlineError.self) {
            try XMLOutline.outline(of: InputStream(data: Data())) { _ in }
        }
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("empty.xml")
            try Data().write(to: file)
            #expect(throws: XMLOutlineError.self) { try XMLOutline.outline(ofContentsOf: file) { _ in } }
        }
    }

    @Test("the guarded parser reports an empty document like any parse error")
    func guardedParserEmpty() {
        let parser = XMLParser.guarded(data: Data())
        let collector = ErrorCollector()
        parser.delegate = collector
        #expect(parser.parse() == false)
        #expect((parser.parserError as NSError?)?.code == 4)
        #expect(collector.errors.map(\.code) == [4])
    }

    @Test("a missing file: guarded(contentsOf:) is nil, and the outline names the path with code -1")
    func missingFile() throws {
        try withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("no-such-file.xml")
            #expect(XMLParser.guarded(contentsOf: missing) == nil)
            #expect(XMLParser.guarded(contentsOf: folder) == nil, "a directory cannot be parsed either")
            do {
                try XMLOutline.outline(ofContentsOf: missing) { _ in }
                Issue.record("a missing file was outlined")
            } catch let error as XMLOutlineError {
                #expect(error.code == -1)
                #expect(error.message.contains("cannot open \(missing.path)"))
            }
        }
    }

    @Test(
        "binary input fails the guarded parse, with the position its message names",
        arguments: [
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]), // a PNG header
            Data((0..<512).map { UInt8(truncatingIfNeeded: ($0 &* 1_103_515_245 &+ 12345) >> 7) | 0x80 }),
        ])
    func binaryInput(bytes: Data) {
        let parser = XMLParser.guarded(data: bytes)
        let collector = ErrorCollector()
        parser.delegate = collector
        let succeeded = parser.parse()
        #expect(!collector.errors.isEmpty)
        #expect(succeeded == false, "the delegate was told of a fatal error")
        #expect(parser.parserError != nil)
        do {
            _ = try XMLOutline.outline(of: bytes)
            Issue.record("binary input was outlined")
        } catch let error as XMLOutlineError {
            #expect(error.line >= 1 && error.column >= 1, "positions count from 1: \(error)")
            #expect(error.description.contains("line \(error.line), column \(error.column)"), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

@Suite("Guarded XML parsing: line ends")
struct XMLLineEndTests {
    /// A document with an internal DTD that the guard blanks (`#IMPLIED` and
    /// `#REQUIRED`, which crash Linux Foundation), and a tag mismatch after it.
    private static func lines(implied: String, required: String) -> [String] {
        [
            "<?xml version=\"1.0\"?>",
            "<!DOCTYPE r [",
            // Each declaration spans two lines, so that the line end is
            // inside what the guard blanks.
            "<!ATTLIST r a CDATA",
            "    \(implied)>",
            "<!ATTLIST r b CDATA",
            "    \(required)>",
            "]>",
            "<r a=\"1\" b=\"2\">",
            "  <b></c>",
            "</r>",
        ]
    }

    /// Where the guarded parse reports the mismatch.
    private static func guardedPosition(_ separator: String) -> (line: Int, column: Int)? {
        let document = lines(implied: "#IMPLIED", required: "#REQUIRED").joined(separator: separator)
        do {
            _ = try XMLOutline.outline(of: Data(document.utf8))
            return nil
        } catch let error as XMLOutlineError {
            return (error.line, error.column)
        } catch {
            return nil
        }
    }

    /// Where Foundation itself reports it in the same document with the two
    /// defaults spelled as same-length literal values, which it parses
    /// without the guard: libxml2's own count of lines and columns.
    private static func unguardedPosition(_ separator: String) -> (line: Int, column: Int)? {
        let document = lines(implied: "\"x\"     ", required: "\"y\"      ").joined(separator: separator)
        let parser = XMLParser(data: Data(document.utf8))
        let collector = PositionCollector()
        parser.delegate = collector
        _ = parser.parse()
        return collector.first
    }

    @Test(
        "LF, CR alone and CRLF: the guard keeps every later line and column exactly", arguments: ["\n", "\r", "\r\n"])
    func lineEnds(separator: String) throws {
        let reference = try #require(Self.unguardedPosition(separator))
        let position = try #require(Self.guardedPosition(separator))
        #expect(position.line == reference.line)
        #expect(position.column == reference.column)
    }

    @Test(
        "LF, CR alone and CRLF between a definition's tokens: the guard reports each definition cleanly",
        arguments: ["\n", "\r", "\r\n"])
    func definitionsAcrossLineEnds(separator: String) {
        let document =
            Self.lines(implied: "#IMPLIED", required: "#REQUIRED").prefix(7).joined(separator: separator)
            + separator + "<r a=\"1\" b=\"2\"/>"
        let parser = XMLParser.guarded(data: Data(document.utf8))
        var declarations: [XMLDeclaration] = []
        let token = parser.onDeclaration { _, declaration in declarations.append(declaration) }
        #expect(parser.parse())
        #expect(
            declarations == [
                .attribute(name: "a", element: "r", type: "CDATA", defaultValue: nil),
                .attribute(name: "b", element: "r", type: "CDATA", defaultValue: nil),
            ])
        withExtendedLifetime(token) {}
    }
}

private final class PositionCollector: NSObject, XMLParserDelegate {
    var first: (line: Int, column: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if first == nil { first = (parser.lineNumber, parser.columnNumber) }
    }
}
