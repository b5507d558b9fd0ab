import ClosureKitFoundation
import Foundation
import Testing

@Suite("XMLOutline")
struct XMLOutlineTests {
    @Test("outlines elements with indentation, attributes and leaf text")
    func outlinesTheFeed() throws {
        let outline = try XMLOutline.outline(of: Fixture.rss.data())
        let lines = outline.split(separator: "\n").map(String.init)
        // Without namespace processing, xmlns declarations are attributes too.
        #expect(lines.first?.hasPrefix(#"rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom""#) == true)
        #expect(lines.contains("  channel"))
        #expect(lines.contains("    title: ClosureKit Notes"))
        #expect(lines.contains(#"      guid isPermaLink="true": https://example.com/notes/1"#))
        #expect(lines.contains("      description: <p>Proxies that <em>forward</em> to your delegate.</p>"))
        #expect(lines.filter { $0 == "    item" }.count == 2)
    }

    @Test("a malformed document throws the parse error's line and column")
    func malformedThrows() throws {
        #expect {
            _ = try XMLOutline.outline(of: Fixture.malformed.data())
        } throws: { error in
            guard let error = error as? XMLOutlineError else { return false }
            return error.line == 4 && error.column > 1 && error.description.contains("line 4")
        }
    }

    @Test("bytes the declared encoding cannot read end the outline with a named encoding error")
    func undecodableBytes() throws {
        // 0xFC is not a TIS-620 character; 0xA1 is (KO KAI).
        var document = Data(#"<?xml version="1.0" encoding="tis-620"?>"#.utf8)
        document.append(contentsOf: Array("\n<a>\n<b>".utf8) + [0xA1] + Array("</b>\n<c>".utf8) + [0xFC])
        document.append(contentsOf: Array("</c>\n</a>\n".utf8))
        var thrown: XMLOutlineError?
        do {
            _ = try XMLOutline.outline(of: document)
        } catch let error as XMLOutlineError {
            thrown = error
        }
        let error = try #require(thrown)
        #expect(error.code == 6003)
        #expect(error.isEncodingError)
        #expect(error.name == "encoding conversion failed")
        // libxml2 converts in chunks and reports where the parser stood, at or before the bad byte (line 4).
        #expect(error.line <= 4)
        #expect(
            error.description.hasPrefix("not readable in its declared encoding at or after line \(error.line), column"))
        #expect(error.description.hasSuffix(": encoding conversion failed (error 6003)"))

        let malformed = XMLOutlineError(line: 2, column: 3, code: 76, message: "")
        #expect(!malformed.isEncodingError)
        #expect(malformed.description == "malformed XML at line 2, column 3: tag name mismatch (error 76)")
        let unnamed = XMLOutlineError(line: 2, column: 3, code: 4242, message: "")
        #expect(unnamed.description == "malformed XML at line 2, column 3: error 4242")
    }
}
