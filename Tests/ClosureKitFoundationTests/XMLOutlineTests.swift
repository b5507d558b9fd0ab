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
}
