import Foundation
import Testing

@testable import ClosureKitFoundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A fixture file's bytes, by file name.
private func fixture(_ name: String) throws -> Data {
    let url = try #require(
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")
            ?? Bundle.module.url(forResource: name, withExtension: nil)
            ?? Bundle.module.resourceURL?.appendingPathComponent("Fixtures/" + name))
    return try Data(contentsOf: url)
}

/// Every event a guarded parse reports, as text, with the parse's result.
private func events(of parser: XMLParser) -> (events: [String], succeeded: Bool) {
    var events: [String] = []
    let tokens = [
        parser.onStartElement { _, name, _, _, attributes in
            events.append("start \(name) \(attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
        },
        parser.onDeclaration { _, declaration in events.append("declaration \(declaration)") },
        parser.onProcessingInstruction { _, target, data in events.append("pi \(target) \(data ?? "nil")") },
        parser.onComment { _, _ in events.append("comment") },
    ]
    let succeeded = parser.parse()
    withExtendedLifetime(tokens) {}
    return (events, succeeded)
}

@Suite("Guarded XML parsing")
struct XMLGuardTests {
    @Test("a DTD shaped like iso-codes' and shared-mime-info's parses, with every declaration reported")
    func realWorldDTD() throws {
        let (events, succeeded) = events(of: XMLParser.guarded(data: try fixture("dtd-declarations.xml")))
        #expect(succeeded)
        // The blanked attribute definitions come from the guard, with their
        // declared types; the kept ones from Foundation.
        for (name, type) in [("code", "CDATA"), ("name", "CDATA"), ("tags", "NMTOKENS")] {
            let declaration = XMLDeclaration.attribute(name: name, element: "entry", type: type, defaultValue: nil)
            #expect(events.contains("declaration \(declaration)"))
        }
        #expect(events.contains { $0.hasPrefix("declaration attribute(name: \"kind\"") && $0.contains("\"a\"") })
        #expect(events.contains { $0.hasPrefix("declaration attribute(name: \"version\"") && $0.contains("\"1.0\"") })
        #expect(
            events.contains("declaration \(XMLDeclaration.notation(name: "gif", publicID: nil, systemID: "image/gif"))")
        )
        let png = XMLDeclaration.notation(name: "png", publicID: "-//W3C//NOTATION PNG//EN", systemID: nil)
        #expect(events.contains("declaration \(png)"))
        #expect(
            events.contains(
                "declaration \(XMLDeclaration.notation(name: "jpeg", publicID: "-//JPEG//EN", systemID: "image/jpeg"))")
        )
        let logo = XMLDeclaration.unparsedEntity(
            name: "logo", publicID: nil, systemID: "logo.gif", notationName: "gif")
        #expect(events.contains("declaration \(logo)"))
        #expect(
            events.filter { $0.hasPrefix("pi ") } == [
                "pi catalog-check nil", "pi page-break nil", "pi pi-without-data nil",
            ])
        // Defaults still apply, and the blanked declarations come before the
        // root element, in document order.
        #expect(events.contains("start entry [\"code=AD\", \"kind=a\", \"name=Andorra\", \"version=1.0\"]"))
        #expect(events.contains("start entry [\"code=AF\", \"kind=b\", \"name=ClosureKit\", \"version=1.0\"]"))
        let root = try #require(events.firstIndex { $0.hasPrefix("start catalog") })
        let code = try #require(events.firstIndex { $0.contains("name: \"code\"") })
        let gif = try #require(events.firstIndex { $0.contains("name: \"gif\"") })
        #expect(code < gif && gif < root)
        let pageBreak = try #require(events.firstIndex(of: "pi page-break nil"))
        let lastEntry = try #require(events.firstIndex { $0.contains("code=AF") })
        #expect(pageBreak > root && pageBreak < lastEntry)
    }

    @Test("a `>` inside a single-quoted default value does not end its declaration")
    func singleQuotedGreaterThan() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE r [
            <!ATTLIST r note CDATA 'a > b' kind CDATA #IMPLIED>
            ]>
            <r/>
            """
        let (events, succeeded) = events(of: XMLParser.guarded(data: Data(document.utf8)))
        #expect(succeeded, "\(events)")
        let kind = XMLDeclaration.attribute(name: "kind", element: "r", type: "CDATA", defaultValue: nil)
        #expect(events.contains("declaration \(kind)"), "\(events)")
        #expect(events.contains("start r [\"note=a > b\"]"), "\(events)")
    }

    @Test("a blanked declaration on a later line of its declaration is reported before what follows it")
    func blankedDeclarationKeepsItsPlace() throws {
        // The attribute is defined on the line after `<!ATTLIST`, and a
        // comment follows it on that line: a definition placed even one line
        // late would be reported after the comment.
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE r [
            <!ATTLIST r
              a CDATA #IMPLIED><!---->
            ]>
            <r/>
            """
        let (events, succeeded) = events(of: XMLParser.guarded(data: Data(document.utf8)))
        #expect(succeeded, "\(events)")
        let declaration = XMLDeclaration.attribute(name: "a", element: "r", type: "CDATA", defaultValue: nil)
        let declared = try #require(events.firstIndex(of: "declaration \(declaration)"), "\(events)")
        let comment = try #require(events.firstIndex(of: "comment"), "\(events)")
        #expect(declared < comment, "\(events)")
    }

    @Test("the outline of that document")
    func outline() throws {
        let outline = try XMLOutline.outline(of: try fixture("dtd-declarations.xml"))
        #expect(
            outline == """
                catalog
                  entry code="AD" kind="a" name="Andorra" version="1.0"
                  entry code="AE" kind="a" tags="x  y" version="1.0"
                  entry code="AF" kind="b" name="ClosureKit" version="1.0"

                """)
    }

    @Test("errors after a guarded DTD keep their line and column")
    func positionsUnchanged() throws {
        let data = try fixture("dtd-malformed.xml")
        #expect {
            _ = try XMLOutline.outline(of: data)
        } throws: { error in
            guard let error = error as? XMLOutlineError else { return false }
            return error.line == 7 && error.column == 5
        }
        // The same document with those declarations blanked by hand, parsed
        // without the guard, fails at the same place.
        var text = String(decoding: data, as: UTF8.self)
        for declaration in ["<!ATTLIST a b CDATA #IMPLIED c ID #REQUIRED>", "<!NOTATION n SYSTEM \"x\">"] {
            text = text.replacingOccurrences(of: declaration, with: String(repeating: " ", count: declaration.count))
        }
        let plain = XMLParser(data: Data(text.utf8))
        final class FirstError: NSObject, XMLParserDelegate {
            var position: (line: Int, column: Int)?
            func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
                if position == nil { position = (parser.lineNumber, parser.columnNumber) }
            }
        }
        let delegate = FirstError()
        plain.delegate = delegate
        _ = plain.parse()
        #expect(delegate.position?.line == 7 && delegate.position?.column == 5)
    }

    @Test("the filter keeps every byte's line and column, however the input is split")
    func filterIsChunkIndependent() throws {
        let data = [UInt8](try fixture("dtd-declarations.xml"))
        var whole = XMLGuardFilter()
        let all = whole.filter(data, atEnd: true)
        #expect(all.count == data.count)
        #expect(zip(all, data).allSatisfy { ($0 == UInt8(ascii: "\n")) == ($1 == UInt8(ascii: "\n")) })
        #expect(all != data)
        let wholeGuarded = whole.takeGuarded()
        #expect(wholeGuarded.count == 9)
        for size in [1, 2, 3, 7, 64] {
            var split = XMLGuardFilter()
            var output: [UInt8] = []
            var guarded: [XMLGuardedConstruct] = []
            var index = 0
            while index < data.count {
                let end = min(index + size, data.count)
                output += split.filter(data[index..<end], atEnd: false)
                guarded += split.takeGuarded()
                index = end
            }
            output += split.filter([], atEnd: true)
            guarded += split.takeGuarded()
            #expect(output == all, "chunks of \(size)")
            #expect(guarded == wholeGuarded, "chunks of \(size)")
        }
    }

    @Test("comments and CDATA sections are left alone")
    func commentsAndCDATA() {
        let text = "<a><!-- <?x?> --><![CDATA[<?y?>]]><?z?></a>"
        var filter = XMLGuardFilter()
        let output = String(decoding: filter.filter(Array(text.utf8), atEnd: true), as: UTF8.self)
        #expect(output == "<a><!-- <?x?> --><![CDATA[<?y?>]]>     </a>")
        #expect(filter.guarded == [XMLGuardedConstruct(line: 1, column: 35, kind: .processingInstruction(target: "z"))])
    }

    @Test("a document of 50 MB parses through a stream, its outline written line by line")
    func bigDocumentThroughAStream() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("closurekit-big-\(UUID()).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let header = "<!DOCTYPE log [<!ATTLIST entry id CDATA #REQUIRED>]>\n<log>\n"
        // Long entries: the document is big, the number of events (which
        // debug builds make slow) is not.
        let sentence = "A line of text that makes the document big, one entry at a time."
        let entry = "<entry id=\"42\">\(Array(repeating: sentence, count: 15).joined(separator: "\n  "))</entry>\n"
        let entries = 50_000_000 / entry.utf8.count + 1
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(header.utf8)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        let block = Data(String(repeating: entry, count: 10_000).utf8)
        for _ in 0..<(entries / 10_000 + 1) { handle.write(block) }
        handle.write(Data("</log>\n".utf8))
        try handle.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size >= 50_000_000)

        var lines = 0
        var first = ""
        try XMLOutline.outline(of: try #require(InputStream(url: url))) { line in
            if lines == 1 { first = line }
            lines += 1
        }
        #expect(lines == (entries / 10_000 + 1) * 10_000 + 1)
        #expect(first == "  entry id=\"42\": " + Array(repeating: sentence, count: 15).joined(separator: " "))
    }
}

@Suite("Guarded XML parsing: inputs the fuzzer found")
struct XMLGuardFuzzFindingTests {
    @Test("bytes that are not UTF-8 in a comment end the document with an error, not a crash")
    func invalidUTF8InAComment() throws {
        let data =
            Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n<!-- x".utf8) + Data([0xFF, 0xFE])
            + Data(" -->\n</a>\n".utf8)
        #expect {
            _ = try XMLOutline.outline(of: data)
        } throws: { error in
            guard let error = error as? XMLOutlineError else { return false }
            return error.code == 9 && error.line == 3 && error.message.contains("0xFF")
        }
    }

    @Test("a default value with a broken hexadecimal character reference is kept from libxml2, not a crash")
    func brokenHexReferenceInDefault() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE r [
            <!ATTLIST r note CDATA "&#xZZ;" kind CDATA #IMPLIED>
            ]>
            <r/>
            """
        let (refused, _) = events(of: XMLParser.guarded(data: Data(document.utf8)))
        // Reached only if the declaration did not reach Foundation with the
        // NULL default libxml2 reports for it (a crash): a well-formed
        // reference in the same place is passed on.
        #expect(!refused.contains { $0.contains("&#xZZ;") }, "\(refused)")
        let safe = document.replacingOccurrences(of: "&#xZZ;", with: "&#x41;")
        let (passed, succeeded) = events(of: XMLParser.guarded(data: Data(safe.utf8)))
        #expect(succeeded, "\(passed)")
        #expect(passed.contains("start r [\"note=A\"]"), "\(passed)")
    }

    @Test("a declaration missing its > does not hide the unparsed entity after it from the guard")
    func declarationMissingItsEnd() throws {
        for broken in ["<!ELEMENT catalog (entry*)", "<!ATTLIST catalog kind CDATA #IMPLIED"] {
            let document = """
                <!DOCTYPE catalog [
                \(broken)
                <!ENTITY logo SYSTEM "logo.gif" NDATA gif>
                ]>
                <catalog/>
                """
            let parser = XMLParser.guarded(data: Data(document.utf8))
            let declarations = Recorder<String>()
            let token = parser.onDeclaration { _, declaration in declarations.append("\(declaration)") }
            // Unguarded, Foundation crashes here (a NULL public ID made a string).
            _ = parser.parse()
            withExtendedLifetime(token) {}
            let logo = XMLDeclaration.unparsedEntity(
                name: "logo", publicID: nil, systemID: "logo.gif", notationName: "gif")
            #expect(declarations.values.contains("\(logo)"), "after \(broken)")
        }
    }

    @Test("an unparsed entity declared without a space after <!ENTITY is guarded, and the parse fails at it")
    func entityKeywordRunIntoName() throws {
        let document = """
            <!DOCTYPE catalog [
            <!NOTATION gif SYSTEM "image/gif">
            <!ENTITYNDATA SYSTEM "logo.gif" NDATA gif>
            ]>
            <catalog/>
            """
        // Unguarded, libxml2 reports the missing space, reads the declaration
        // anyway, and Foundation crashes on its NULL public ID.
        #expect {
            _ = try XMLOutline.outline(of: Data(document.utf8))
        } throws: { error in
            (error as? XMLOutlineError)?.line == 3
        }
    }

    @Test("a Latin-1 document is not held to UTF-8")
    func latin1() throws {
        let data =
            Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a>caf".utf8) + Data([0xE9]) + Data("</a>\n".utf8)
        #expect(try XMLOutline.outline(of: data) == "a: café\n")
    }
}

/// Small inputs shaped after what `scripts/fuzz-xml` found crashing the
/// parser (Fixtures/fuzz): each now ends in a named error at its place.
@Suite("Guarded XML parsing: fuzzer fixtures")
struct XMLGuardFuzzFixtureTests {
    @Test(
        "each fixture parses without crashing and fails where it is broken",
        arguments: [
            ("broken-xml-declaration.xml", 1, 8, 96),
            ("invalid-utf8-in-comment.xml", 3, 9, 9),
            ("notation-public-id-across-lines.xml", 2, 1, 1),
            ("unterminated-attlist.xml", 1, 13, 5),
            ("parameter-entity-attlist.xml", 1, 63, 26),
            ("xml-declaration-without-data.xml", 1, 6, 68),
            ("broken-encoding-declaration.xml", 1, 30, 33),
            ("processing-instruction-in-attlist.xml", 2, 1, 1),
            ("broken-xml-declaration-before-dtd.xml", 1, 32, 34),
        ])
    func fuzzFixture(name: String, line: Int, column: Int, code: Int) throws {
        let data = try fixture("fuzz/" + name)
        #expect {
            _ = try XMLOutline.outline(of: data)
        } throws: { error in
            guard let error = error as? XMLOutlineError else { return false }
            return error.line == line && error.column == column && error.code == code
        }
        // Every closure of the proxy, on a guarded parser.
        let (_, _) = events(of: XMLParser.guarded(data: data))
    }
}

/// A guarded parse's processing instructions, start tags and errors (code,
/// the parser's line and column, and error 9's message), in order, with its
/// result.
private func piEvents(of data: Data) -> (events: [String], succeeded: Bool) {
    let parser = XMLParser.guarded(data: data)
    var events: [String] = []
    let tokens = [
        parser.onProcessingInstruction { _, target, data in events.append("pi \(target) \(data ?? "nil")") },
        parser.onStartElement { _, name, _, _, _ in events.append("start \(name)") },
        parser.onParseError { parser, error in
            let error = error as NSError
            // The guard's own error says where the byte is.
            let message = error.code == 9 ? " " + error.localizedDescription : ""
            events.append("error \(error.code) \(parser.lineNumber):\(parser.columnNumber)" + message)
        },
    ]
    let succeeded = parser.parse()
    withExtendedLifetime(tokens) {}
    return (events, succeeded)
}

/// Processing instructions whose target or data is not UTF-8, in documents
/// that libxml2 reads as UTF-8 although they declare another encoding:
/// Foundation traps on such a target (`_NSXMLParserProcessingInstruction`
/// force-unwraps the string it makes from libxml2's bytes) and drops such
/// data. The guard ends the document at the byte with error 9, which says
/// where the byte is; the parser, which Foundation stops at the end of the
/// chunk with its first error, is where it stopped (before the unfinished
/// processing instruction).
@Suite("Guarded XML parsing: processing instructions that are not UTF-8")
struct XMLGuardProcessingInstructionTests {
    @Test(
        "the document ends at the byte, and error 9 follows libxml2's own errors before it",
        arguments: [
            // libxml2 reports error 81 for the UTF-16 label, then reads UTF-8.
            ("pi-target-not-utf8-utf16-label.xml", ["error 81 1:38"], "2:1", "line 2, column 4"),
            ("pi-data-not-utf8-utf16-label.xml", ["error 81 1:38"], "2:1", "line 2, column 6"),
            ("pi-target-not-utf8-bom-utf16-label.xml", ["error 81 1:38"], "2:1", "line 2, column 4"),
            // `encoding` is case sensitive: `ENCODING=` declares nothing.
            ("pi-target-not-utf8-uppercase-encoding.xml", ["error 57 1:21"], "2:1", "line 2, column 4"),
            // A broken version info leaves libxml2 before `x"`, where no
            // encoding declaration starts.
            (
                "pi-target-not-utf8-after-broken-version.xml",
                ["error 34 1:16", "error 96 1:16", "error 65 1:16", "error 57 1:16"], "2:1", "line 2, column 4"
            ),
            ("pi-target-not-utf8-utf16-label-one-line.xml", ["error 81 1:38"], "1:40", "line 1, column 43"),
        ])
    func endsAtTheByte(name: String, before: [String], stop: String, byte: String) throws {
        let (events, succeeded) = piEvents(of: try fixture("fuzz/" + name))
        #expect(!succeeded)
        #expect(events == before + ["error 9 \(stop) Input is not proper UTF-8 (byte 0xFF) at \(byte)"])
    }

    @Test("a document that declares Latin-1 is decoded, its processing instruction reported whole")
    func latin1() throws {
        let (events, succeeded) = piEvents(of: try fixture("fuzz/pi-latin1.xml"))
        #expect(succeeded)
        #expect(events == ["pi t\u{FF} x\u{E9}", "start a"])
    }

    @Test("XMLOutline fails with a named error on each of them")
    func outline() throws {
        for name in [
            "pi-target-not-utf8-utf16-label.xml", "pi-data-not-utf8-utf16-label.xml",
            "pi-target-not-utf8-bom-utf16-label.xml", "pi-target-not-utf8-uppercase-encoding.xml",
            "pi-target-not-utf8-after-broken-version.xml", "pi-target-not-utf8-utf16-label-one-line.xml",
        ] {
            let data = try fixture("fuzz/" + name)
            #expect(throws: XMLOutlineError.self, "\(name)") { _ = try XMLOutline.outline(of: data) }
        }
    }
}

/// Documents in UTF-16 and UCS-4, which libxml2 decodes itself: the guard
/// decodes them first, so that it can filter them like UTF-8 documents, and
/// passes them on in UTF-8 with their encoding declaration blanked.
@Suite("Guarded XML parsing: UTF-16 and UCS-4 documents")
struct XMLGuardWideEncodingTests {
    @Test(
        "a document with a DTD parses the same in UTF-16 with or without byte-order mark and in UCS-4",
        arguments: ["utf16le-with-dtd.xml", "utf16be-without-bom.xml", "ucs4be.xml"])
    func wide(name: String) throws {
        let data = try fixture("fuzz/" + name)
        let (events, succeeded) = events(of: XMLParser.guarded(data: data))
        #expect(succeeded)
        let code = XMLDeclaration.attribute(name: "code", element: "item", type: "CDATA", defaultValue: nil)
        let kind = XMLDeclaration.attribute(name: "kind", element: "item", type: "", defaultValue: "a")
        #expect(
            events == [
                "declaration \(code)", "declaration \(kind)", "start list []", "pi page-break nil",
                "start item [\"code=\u{E9}\", \"kind=a\"]",
            ])
        let outline = try XMLOutline.outline(of: data)
        #expect(outline == "list\n  item code=\"\u{E9}\" kind=\"a\": caf\u{E9} \u{1F600}\n")
    }

    @Test("a UTF-16 big-endian document with a byte-order mark parses as it does without one")
    func bigEndianByteOrderMark() throws {
        let plain = try fixture("fuzz/utf16be-without-bom.xml")
        let marked = Data([0xFE, 0xFF]) + plain
        let expected = events(of: XMLParser.guarded(data: plain))
        let (events, succeeded) = events(of: XMLParser.guarded(data: marked))
        #expect(succeeded && expected.succeeded)
        #expect(events == expected.events)
        #expect(try XMLOutline.outline(of: marked) == XMLOutline.outline(of: plain))
    }

    @Test("a processing instruction with no data in a UTF-16 document (found by the fuzzer) is reported, not a crash")
    func processingInstructionWithoutData() throws {
        // `\u{FF}\u{FE}<?SHIFT_x?>` read as UTF-16LE: the target is three CJK
        // characters and `x`; with no root element, libxml2 reports error 5.
        let (events, errors, _) = eventsAndErrors(
            of: try fixture("fuzz/utf16-processing-instruction-without-data.xml"))
        #expect(events == ["pi \u{4853}\u{4649}\u{5F54}x nil"])
        #expect(errors == ["5"])
    }

    @Test("a lone surrogate ends a UTF-16 document with error 9")
    func loneSurrogate() throws {
        let (events, errors, _) = eventsAndErrors(of: try fixture("fuzz/utf16-lone-surrogate.xml"))
        #expect(events == ["start a []"])
        #expect(errors == ["9 Input is not proper UTF-16LE (unit 0xD800) at line 2, column 5", "5"])
    }

    @Test("an EBCDIC document is refused with error 32, which fails the parse")
    func ebcdic() throws {
        let data = try fixture("fuzz/ebcdic-signature.xml")
        let (events, errors, succeeded) = eventsAndErrors(of: data)
        #expect(!succeeded)
        #expect(events == [])
        #expect(errors == ["32 A guarded parser does not read documents in EBCDIC"])
        let parser = XMLParser.guarded(data: data)
        #expect(!parser.parse())
        #expect((parser.parserError as NSError?)?.code == 32)
    }
}

/// A guarded parse's events (as ``events(of:)`` has them) and error codes
/// (with the message of the guard's own, 9 and 32), with its result.
private func eventsAndErrors(of data: Data) -> (events: [String], errors: [String], succeeded: Bool) {
    let parser = XMLParser.guarded(data: data)
    var errors: [String] = []
    let token = parser.onParseError { _, error in
        let error = error as NSError
        errors.append([9, 32].contains(error.code) ? "\(error.code) \(error.localizedDescription)" : "\(error.code)")
    }
    let (events, succeeded) = events(of: parser)
    withExtendedLifetime(token) {}
    return (events, errors, succeeded)
}

/// Inputs from the corpus `scripts/fuzz-xml` grew (Fixtures/fuzz/corpus-*),
/// small ones that reach the guard's DTD, processing-instruction and
/// encoding paths. Each must parse to the same errors, in the same order and
/// at the same places, with every closure registered.
@Suite("Guarded XML parsing: fuzzer corpus")
struct XMLGuardFuzzCorpusTests {
    @Test(
        "each corpus input ends in the same errors",
        arguments: [
            // `<!ATTLIST` run into `<![CDATA[`: disarmed, then an unfinished subset.
            ("corpus-attlist-cdata-in-declaration.xml", ["5 1:13"]),
            // An encoding name broken by a byte that is not UTF-8: the
            // document is read as UTF-8 and ends at that byte.
            ("corpus-encoding-name-not-utf8.xml", ["9 1:33", "34 1:33", "57 1:33", "5 1:33"]),
            ("corpus-notation-after-comment-in-doctype.xml", ["68 1:11", "61 1:11", "4 1:12"]),
            // A notation whose public ID never closes: disarmed.
            ("corpus-notation-unterminated-id.xml", ["5 1:13"]),
            // A parameter entity that is not blanked (`#IMPLIE\u{18}D`), which
            // libxml2 rejects where it is expanded.
            ("corpus-parameter-entity-attlist-control-char.xml", ["37 1:55", "37 1:55"]),
            // `<?NDATAxml …?>` is a processing instruction, not an XML
            // declaration: the document is UTF-8 and ends at the byte.
            ("corpus-pi-not-utf8-after-xml-like-target.xml", ["9 2:4", "65 2:4", "47 2:4", "5 2:4"]),
            ("corpus-processing-instructions-ndata.xml", ["65 1:4", "47 2:1", "5 2:1"]),
            // A broken version info, then `encoding="UTF-16"` that libxml2
            // never reads: UTF-8, ending at the byte on line 2, after the
            // errors of line 1.
            (
                "corpus-utf16-label-broken-version.xml",
                ["75 1:15", "96 1:15", "65 1:15", "57 1:15", "9 2:6", "47 2:6", "5 2:6"]
            ),
        ])
    func corpusInput(name: String, errors expected: [String]) throws {
        let data = try fixture("fuzz/" + name)
        let parser = XMLParser.guarded(data: data)
        var errors: [String] = []
        let token = parser.onParseError { parser, error in
            errors.append("\((error as NSError).code) \(parser.lineNumber):\(parser.columnNumber)")
        }
        _ = events(of: parser)
        withExtendedLifetime(token) {}
        #expect(errors == expected)
        // XMLOutline reports the first of them.
        let first = expected[0].split(separator: " ")
        let place = first[1].split(separator: ":")
        #expect {
            _ = try XMLOutline.outline(of: data)
        } throws: { error in
            guard let error = error as? XMLOutlineError else { return false }
            return "\(error.code)" == first[0] && "\(error.line)" == place[0] && "\(error.column)" == place[1]
        }
    }
}
