/// A construct that ``XMLGuardFilter`` blanked out of a document because
/// Linux Foundation's `XMLParser` crashes on it, kept so that the guarded
/// parser can report it itself.
struct XMLGuardedConstruct: Hashable, Sendable {
    /// Where the construct began: line and column, counted from 1.
    var line: Int
    var column: Int
    var kind: Kind

    enum Kind: Hashable, Sendable {
        /// An attribute definition with `#IMPLIED` or `#REQUIRED`.
        case attribute(name: String, element: String, type: String, defaultValue: String?)
        /// A notation declaration without a public or without a system ID.
        case notation(name: String, publicID: String?, systemID: String?)
        /// An unparsed (`NDATA`) entity declaration without a public ID.
        case unparsedEntity(name: String, publicID: String?, systemID: String?, notationName: String)
        /// A processing instruction with no data (`<?target?>`).
        case processingInstruction(target: String)
        /// Bytes that are not UTF-8 in a UTF-8 document: the filter ends
        /// the document there, and the parser reports this error.
        case invalidUTF8(byte: UInt8)
        /// A code unit that does not make a character in a UTF-16 or UTF-32
        /// document (a lone surrogate, a value past U+10FFFF, a last unit
        /// cut short): the filter ends the document there, and the parser
        /// reports this error.
        case invalidUnit(encoding: String, value: UInt32)
        /// A document in an encoding the guard cannot read (EBCDIC, UCS-4
        /// in an unusual byte order): the filter passes none of it, and the
        /// parser reports this error.
        case unsupportedEncoding(name: String)
    }
}

/// A streaming byte filter that keeps Linux Foundation's `XMLParser` from
/// seeing the constructs it crashes on, without moving any other byte: each
/// such construct is overwritten with spaces (its line breaks are kept), so
/// every line and column number of the document stays what it was.
///
/// What it blanks (each crashes `XMLParser` on Linux as soon as the parser
/// has a delegate, because Foundation turns a NULL string from libxml2 into
/// a Swift string):
/// - in the internal DTD subset, the attribute definitions of an
///   `<!ATTLIST …>` whose default is `#IMPLIED` or `#REQUIRED` (the other
///   definitions of the same declaration stay);
/// - `<!NOTATION …>` declarations that lack a public or a system ID;
/// - `<!ENTITY name SYSTEM "…" NDATA notation>` (an unparsed entity with no
///   public ID);
/// - parameter-entity declarations whose value holds any of the above, since
///   expanding them would bring the construct back;
/// - processing instructions with no data, `<?target?>`, anywhere outside
///   comments and CDATA sections;
/// - everything from the first byte that is not UTF-8 in a document that
///   libxml2 reads as UTF-8: no encoding declared, UTF-8, UTF-16 without a
///   UTF-16 byte-order mark (libxml2 reports the mismatch, then reads the
///   bytes as they are), or an encoding declaration that libxml2 does not
///   take for one (`ENCODING=`, or one after a broken version info).
///   libxml2 recovers from such bytes and passes them on in names,
///   comments and processing instructions, which Foundation then fails to
///   turn into strings: it traps on a processing instruction's target or a
///   comment, and makes a processing instruction's data nil. The document
///   ends there rather than losing the bytes silently, and the guarded
///   parser reports the error (libxml2's code 9, "invalid char", with the
///   byte's line and column in its message) before the parser's own errors
///   at the end of the document, or, if Foundation stopped the parse at an
///   earlier error, when the parse ends.
///
/// A document in UTF-16 or UCS-4 (told from its first bytes, as libxml2
/// tells it) is decoded to UTF-8 first, its byte-order mark dropped and its
/// encoding declaration blanked, so that it is filtered like a UTF-8 one and
/// libxml2 reads it as UTF-8 (its characters, so its line and column numbers,
/// stay the same); a code unit that makes no character ends it with error 9.
/// A document in EBCDIC, or UCS-4 in an unusual byte order, is not read at
/// all: the parse fails with error 32 (unsupported encoding).
///
/// It reads the document once, in order, holding back only the bytes of one
/// unfinished construct, so memory does not grow with the document.
struct XMLGuardFilter {
    private enum State: Equatable {
        case content
        case comment(returnTo: Return)
        case cdata
        case processingInstruction(returnTo: Return)
        case doctype(quote: UInt8?)
        case subset
        case subsetDeclaration(quote: UInt8?)
        case afterSubset(quote: UInt8?)
        /// In `<?xml …`, which libxml2 ends at the first `>`, even when it
        /// is broken.
        case xmlDeclaration
    }
    private enum Return: Equatable { case content, subset }

    /// The longest construct held back whole; a longer one is passed through
    /// as it is (libxml2 rejects declarations that long anyway).
    static let longestHeldConstruct = 1 << 22

    private var state = State.content
    private var buffer: [UInt8] = []
    private var line = 1
    private var column = 1
    /// The buffer index that `line` and `column` describe.
    private var cursor = 0

    /// The constructs blanked since the last ``takeGuarded()``, in document
    /// order.
    private(set) var guarded: [XMLGuardedConstruct] = []

    /// Returns the constructs blanked since the last call, and forgets them.
    mutating func takeGuarded() -> [XMLGuardedConstruct] {
        defer { guarded.removeAll() }
        return guarded
    }

    /// Takes the next bytes of the document and returns the bytes that are
    /// ready to go to the parser (some may be held back until more arrive,
    /// or until `atEnd`).
    mutating func filter(_ bytes: some Collection<UInt8>, atEnd: Bool) -> [UInt8] {
        guard stop == nil else { return [] }
        if source == nil {
            raw.append(contentsOf: bytes)
            if raw.count < 4 && !atEnd { return [] }
            source = Self.detect(raw)
            if case .utf16 = source, raw.count >= 2, raw[0] ^ raw[1] == 0xFE ^ 0xFF, raw[0] & 0xFE == 0xFE {
                raw.removeFirst(2) // the byte-order mark, which libxml2 drops too
            }
        } else {
            raw.append(contentsOf: bytes)
        }
        var end = atEnd
        switch source {
        case .unsupported(let name):
            stop = .unsupportedEncoding(name: name)
            end = true
            raw.removeAll()
        case .utf16(let bigEndian), .ucs4(let bigEndian):
            let width = if case .utf16 = source { 2 } else { 4 }
            if let invalid = Self.transcode(&raw, width: width, bigEndian: bigEndian, atEnd: atEnd, into: &incoming) {
                let encoding = (width == 2 ? "UTF-16" : "UCS-4") + (bigEndian ? "BE" : "LE")
                stop = .invalidUnit(encoding: encoding, value: invalid)
                end = true
                raw.removeAll()
            }
            if checksUTF8 == nil {
                guard let declaration = Self.xmlDeclarationEnd(incoming, atEnd: end) else { return [] }
                // libxml2 would read the transcoded bytes by the declared
                // encoding: the declaration goes, so that it reads UTF-8.
                if declaration > 0, let declared = Self.declaredEncoding(incoming[..<declaration]) {
                    for i in declared.range where !Self.isSpace(incoming[i]) { incoming[i] = UInt8(ascii: " ") }
                }
                checksUTF8 = true
            }
        case .asciiCompatible, nil:
            incoming.append(contentsOf: raw)
            raw.removeAll()
            if checksUTF8 == nil {
                checksUTF8 = Self.isUTF8(incoming, atEnd: atEnd)
                if checksUTF8 == nil { return [] }
            }
        }
        if checksUTF8 == true {
            let (valid, invalid) = Self.validUTF8Prefix(incoming, atEnd: end)
            buffer.append(contentsOf: incoming[..<valid])
            if let invalid {
                stop = stop ?? .invalidUTF8(byte: invalid)
                end = true
            }
            incoming.removeFirst(invalid == nil ? valid : incoming.count)
        } else {
            buffer.append(contentsOf: incoming)
            incoming.removeAll()
        }
        let consumed = scan(atEnd: end)
        if let stop {
            guarded.append(XMLGuardedConstruct(line: line, column: column, kind: stop))
        }
        let ready = Array(buffer[..<consumed])
        buffer.removeFirst(consumed)
        return ready
    }

    /// How the document's characters are encoded, told from its first four
    /// bytes as libxml2's `xmlDetectCharEncoding` tells it.
    private enum Source: Equatable {
        /// UTF-8, or an encoding that an XML declaration in ASCII names.
        case asciiCompatible
        case utf16(bigEndian: Bool)
        case ucs4(bigEndian: Bool)
        case unsupported(String)
    }

    private static func detect(_ head: [UInt8]) -> Source {
        let four = Array(head.prefix(4))
        switch four {
        case [0x00, 0x00, 0x00, 0x3C]: return .ucs4(bigEndian: true)
        case [0x3C, 0x00, 0x00, 0x00]: return .ucs4(bigEndian: false)
        case [0x00, 0x00, 0x3C, 0x00]: return .unsupported("UCS-4 (2143)")
        case [0x00, 0x3C, 0x00, 0x00]: return .unsupported("UCS-4 (3412)")
        case [0x4C, 0x6F, 0xA7, 0x94]: return .unsupported("EBCDIC")
        case [0x3C, 0x00, 0x3F, 0x00]: return .utf16(bigEndian: false)
        case [0x00, 0x3C, 0x00, 0x3F]: return .utf16(bigEndian: true)
        default: break
        }
        if four.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true) }
        if four.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false) }
        return .asciiCompatible
    }

    /// Decodes the whole code units of `raw` (UTF-16 with `width` 2, UCS-4
    /// with 4) into UTF-8 at the end of `output`, and removes them from
    /// `raw`. Returns the first unit that does not make a character, after
    /// which nothing is decoded (an unfinished unit or surrogate pair is
    /// one only `atEnd`).
    private static func transcode(
        _ raw: inout [UInt8], width: Int, bigEndian: Bool, atEnd: Bool, into output: inout [UInt8]
    ) -> UInt32? {
        func unit(at i: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<width {
                value |= UInt32(raw[i + k]) << (8 * UInt32(bigEndian ? width - 1 - k : k))
            }
            return value
        }
        var i = 0
        defer { raw.removeFirst(i) }
        while i + width <= raw.count {
            var value = unit(at: i)
            var length = width
            if width == 2, (0xD800..<0xDC00).contains(value) {
                guard i + 2 * width <= raw.count else { return atEnd ? value : nil }
                let low = unit(at: i + width)
                guard (0xDC00..<0xE000).contains(low) else { return value }
                value = 0x10000 + ((value - 0xD800) << 10 | (low - 0xDC00))
                length = 2 * width
            }
            guard let scalar = Unicode.Scalar(value) else { return value }
            UTF8.encode(scalar) { output.append($0) }
            i += length
        }
        if atEnd, i < raw.count { return UInt32(raw[i]) }
        return nil
    }

    /// The end of a transcoded document's XML declaration (after its first
    /// `>`), 0 if it has none, or nil if more bytes are needed to tell.
    private static func xmlDeclarationEnd(_ head: [UInt8], atEnd: Bool) -> Int? {
        let start = Array("<?xml".utf8)
        guard head.count >= 6 else { return atEnd || !start.starts(with: head) ? 0 : nil }
        guard head.starts(with: start), isSpace(head[5]) else { return 0 }
        guard let close = head.firstIndex(of: UInt8(ascii: ">")) else { return atEnd || head.count > 1024 ? 0 : nil }
        return close + 1
    }

    /// Bytes not yet decoded (UTF-16 or UCS-4), or not yet told apart.
    private var raw: [UInt8] = []
    /// How the document is encoded (nil until its start has arrived).
    private var source: Source?
    /// Bytes not yet checked for UTF-8.
    private var incoming: [UInt8] = []
    /// Whether the document is UTF-8 (nil until its start has arrived).
    private var checksUTF8: Bool?
    /// Why the filter ended the document, after which nothing is read.
    private var stop: XMLGuardedConstruct.Kind?

    /// Whether libxml2 reads a document starting with `head` as UTF-8: it
    /// has no byte-order mark of UTF-16 or UTF-32, and its XML declaration,
    /// read the way libxml2 reads it, declares no encoding, UTF-8, or UTF-16
    /// (a document labelled UTF-16 without a UTF-16 byte-order mark is read
    /// as UTF-8 after an error, and its bytes reach Foundation undecoded).
    /// Nil when more bytes are needed to tell.
    private static func isUTF8(_ head: [UInt8], atEnd: Bool) -> Bool? {
        if head.count < 4 && !atEnd { return nil }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.first == 0
            || head.starts(with: [0x3C, 0x00]) || head.starts(with: [0x4C, 0x6F, 0xA7, 0x94])
        {
            return false
        }
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        // libxml2 takes `<?xml` for an XML declaration only when a blank
        // follows; otherwise it is a processing instruction.
        guard body.count >= 6 else { return atEnd || !Array("<?xml".utf8).starts(with: body) ? true : nil }
        guard body.starts(with: Array("<?xml".utf8)), isSpace(body[5]) else { return true }
        guard let close = body.firstIndex(of: UInt8(ascii: ">")) else {
            return atEnd || body.count > 1024 ? true : nil
        }
        guard let name = declaredEncoding(body[...close])?.name else { return true }
        return ["utf-8", "utf8", "utf-16", "utf16"].contains(name.lowercased())
    }

    /// The encoding name that libxml2 (2.9) takes from the XML declaration
    /// `declaration` (from `<?xml` to the first `>`), following its
    /// `xmlParseXMLDecl`: an optional version info, then `encoding`, case
    /// sensitive, right after it. A version info broken midway leaves
    /// libxml2 where it stopped, and an encoding declaration that does not
    /// start there, or is broken, is ignored. Nil when there is none; the
    /// range goes from `encoding` to the closing quote.
    private static func declaredEncoding(_ declaration: ArraySlice<UInt8>) -> (name: String, range: Range<Int>)? {
        var i = declaration.startIndex + 5
        func byte(_ k: Int) -> UInt8 { k < declaration.endIndex ? declaration[k] : 0 }
        func skipBlanks() { while isSpace(byte(i)) { i += 1 } }
        func skip(_ word: String) -> Bool {
            guard declaration[i...].starts(with: Array(word.utf8)) else { return false }
            i += word.utf8.count
            return true
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        // `S? = S? quote`, after either attribute's name: the quote, with `i`
        // past it; nil, with `i` where libxml2 stops, when it is broken.
        func openQuote() -> UInt8? {
            skipBlanks()
            guard byte(i) == UInt8(ascii: "=") else { return nil }
            i += 1
            skipBlanks()
            let quote = byte(i)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            i += 1
            return quote
        }
        skipBlanks()
        // VersionInfo: `version` S? `=` S? quote VersionNum quote.
        version: if skip("version") {
            guard let quote = openQuote() else { break version }
            if isDigit(byte(i)) {
                i += 1
                if byte(i) == UInt8(ascii: ".") {
                    i += 1
                    while isDigit(byte(i)) { i += 1 }
                }
            }
            if byte(i) == quote { i += 1 }
        }
        if !isSpace(byte(i)), byte(i) == UInt8(ascii: "?"), byte(i + 1) == UInt8(ascii: ">") { return nil }
        // EncodingDecl: S? `encoding` S? `=` S? quote EncName quote.
        skipBlanks()
        let keyword = i
        guard skip("encoding"), let quote = openQuote() else { return nil }
        let start = i
        guard isLetter(byte(i)) else { return nil }
        while isLetter(byte(i)) || isDigit(byte(i)) || "._-".utf8.contains(byte(i)) { i += 1 }
        guard byte(i) == quote else { return nil }
        return (String(decoding: declaration[start..<i], as: UTF8.self), keyword..<(i + 1))
    }

    /// How many bytes of `bytes` are whole, valid UTF-8, and the first
    /// invalid byte if one follows (an unfinished sequence at the end is
    /// invalid only `atEnd`).
    private static func validUTF8Prefix(_ bytes: [UInt8], atEnd: Bool) -> (count: Int, invalid: UInt8?) {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return (i, lead)
            }
            for k in 1..<length {
                guard i + k < bytes.count else { return atEnd ? (i, lead) : (i, nil) }
                let byte = bytes[i + k]
                let (min, max) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min, byte <= max else { return (i, lead) }
            }
            i += length
        }
        return (i, nil)
    }

    // MARK: - Scanning

    /// Moves `index` to `end`, counting lines and columns (a column is a
    /// byte: positions only order the guarded constructs among the parser's
    /// events).
    private mutating func advance(_ index: inout Int, to end: Int) {
        guard end > index else { return }
        let (count, last) = ByteSearch.lineFeeds(in: buffer, index..<end)
        if let last {
            line += count
            column = end - last
        } else {
            column += end - index
        }
        index = end
    }

    private func hasPrefix(_ prefix: String, at index: Int) -> Bool? {
        var i = index
        for byte in prefix.utf8 {
            if i >= buffer.count { return nil }
            if buffer[i] != byte { return false }
            i += 1
        }
        return true
    }

    private func find(_ terminator: String, from index: Int) -> Int? {
        let bytes = Array(terminator.utf8)
        var i = index
        while let candidate = ByteSearch.firstIndex(of: bytes[0], in: buffer, i..<buffer.count) {
            guard candidate + bytes.count <= buffer.count else { return nil }
            if buffer[candidate..<(candidate + bytes.count)].elementsEqual(bytes) { return candidate }
            i = candidate + 1
        }
        return nil
    }

    /// The end (after `>`) of the declaration starting at `index`, with
    /// quotes respected; nil when it has not all arrived.
    private func declarationEnd(from index: Int) -> Int? {
        var quote: UInt8?
        var i = index + 2
        while i < buffer.count {
            let byte = buffer[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return i + 1
            } else if byte == UInt8(ascii: "<") {
                // A declaration missing its `>`: libxml2 reports it and
                // reads the next one from this `<` (a fuzzer finding).
                return i
            }
            i += 1
        }
        return nil
    }

    private mutating func blank(_ range: Range<Int>) {
        for i in range where buffer[i] != UInt8(ascii: "\n") && buffer[i] != UInt8(ascii: "\r") {
            buffer[i] = UInt8(ascii: " ")
        }
    }

    /// Scans from the start of the buffer; returns how many bytes are
    /// decided.
    private mutating func scan(atEnd: Bool) -> Int {
        var i = 0
        let n = buffer.count
        scanning: while i < n {
            switch state {
            case .content, .subset:
                let inSubset = state == .subset
                let byte = buffer[i]
                if inSubset, byte == UInt8(ascii: "]") {
                    state = .afterSubset(quote: nil)
                    advance(&i, to: i + 1)
                    continue
                }
                guard byte == UInt8(ascii: "<") else {
                    // Plain text: pass it all up to the next `<` (or `]`).
                    var j = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: buffer, (i + 1)..<n) ?? n
                    if inSubset, let bracket = ByteSearch.firstIndex(of: UInt8(ascii: "]"), in: buffer, (i + 1)..<j) {
                        j = bracket
                    }
                    advance(&i, to: j)
                    continue
                }
                cursor = i
                switch markup(at: i, inSubset: inSubset, atEnd: atEnd) {
                case .needMore:
                    break scanning
                case .consumed(let end, let next):
                    advance(&i, to: end)
                    state = next
                }
            case .comment(let returnState):
                if let end = find("-->", from: i) {
                    advance(&i, to: end + 3)
                    state = returnState == .subset ? .subset : .content
                } else {
                    advance(&i, to: atEnd ? n : max(i, n - 2))
                    break scanning
                }
            case .cdata:
                if let end = find("]]>", from: i) {
                    advance(&i, to: end + 3)
                    state = .content
                } else {
                    advance(&i, to: atEnd ? n : max(i, n - 2))
                    break scanning
                }
            case .xmlDeclaration:
                if let end = ByteSearch.firstIndex(of: UInt8(ascii: ">"), in: buffer, i..<n) {
                    advance(&i, to: end + 1)
                    state = .content
                } else {
                    advance(&i, to: n)
                    break scanning
                }
            case .processingInstruction(let returnState):
                let end = find("?>", from: i)
                if let nested = find("<?", from: i), nested < (end ?? n) {
                    // A `<?` inside what looks like a processing instruction:
                    // libxml2 may read the outer one differently (a broken
                    // XML declaration), so a data-less one here is guarded too.
                    advance(&i, to: nested)
                    cursor = i
                    switch datalessProcessingInstruction(at: i, atEnd: atEnd) {
                    case .needMore: break scanning
                    case .consumed(let stop, _): advance(&i, to: stop)
                    case nil: advance(&i, to: i + 2)
                    }
                } else if let end {
                    advance(&i, to: end + 2)
                    state = returnState == .subset ? .subset : .content
                } else {
                    advance(&i, to: atEnd ? n : max(i, n - 1))
                    break scanning
                }
            case .doctype(let quote), .subsetDeclaration(let quote), .afterSubset(let quote):
                let byte = buffer[i]
                if byte == UInt8(ascii: "<") {
                    // Inside a declaration only a malformed document has
                    // `<?`; where libxml2 recovers, it may read a
                    // processing instruction there.
                    cursor = i
                    switch datalessProcessingInstruction(at: i, atEnd: atEnd) {
                    case .needMore: break scanning
                    case .consumed(let stop, _):
                        advance(&i, to: stop)
                        continue scanning
                    case nil: break
                    }
                }
                if byte == UInt8(ascii: "<"), quote == nil, case .subsetDeclaration = state {
                    // A declaration missing its `>` (`<!ELEMENT a (b)` then
                    // `<!ENTITY …>`): libxml2 reports it and reads the next
                    // declaration from this `<`, so the guard reads it too.
                    state = .subset
                    continue scanning
                }
                var newQuote = quote
                var next: State?
                if let open = quote {
                    if byte == open { newQuote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    newQuote = byte
                } else if byte == UInt8(ascii: ">") {
                    if case .subsetDeclaration = state { next = .subset } else { next = .content }
                } else if byte == UInt8(ascii: "["), case .doctype = state {
                    next = .subset
                }
                if let next {
                    state = next
                } else {
                    switch state {
                    case .doctype: state = .doctype(quote: newQuote)
                    case .subsetDeclaration: state = .subsetDeclaration(quote: newQuote)
                    default: state = .afterSubset(quote: newQuote)
                    }
                }
                advance(&i, to: i + 1)
            }
        }
        return atEnd ? n : i
    }

    private enum Step {
        case needMore
        case consumed(end: Int, next: State)
    }

    /// Handles the markup that starts with the `<` at `i`.
    private mutating func markup(at i: Int, inSubset: Bool, atEnd: Bool) -> Step {
        let here: State = inSubset ? .subset : .content
        let back: Return = inSubset ? .subset : .content
        func check(_ prefix: String) -> Bool? {
            switch hasPrefix(prefix, at: i) {
            case .some(let matched): return matched
            case .none: return atEnd ? false : nil
            }
        }
        guard let pi = check("<?") else { return .needMore }
        if pi { return processingInstruction(at: i, back: back, atEnd: atEnd) }
        guard let comment = check("<!--") else { return .needMore }
        if comment { return .consumed(end: i + 4, next: .comment(returnTo: back)) }
        if inSubset {
            for keyword in ["<!ATTLIST", "<!NOTATION", "<!ENTITY"] {
                guard let matched = check(keyword) else { return .needMore }
                guard matched else { continue }
                let end = declarationEnd(from: i)
                if end == nil, !atEnd, buffer.count - i < Self.longestHeldConstruct { return .needMore }
                let stop = end ?? buffer.count
                rewriteDeclaration(i..<stop)
                return .consumed(end: stop, next: here)
            }
            guard let other = check("<!") else { return .needMore }
            if other { return .consumed(end: i + 2, next: .subsetDeclaration(quote: nil)) }
            return .consumed(end: i + 1, next: here)
        }
        guard let cdata = check("<![CDATA[") else { return .needMore }
        if cdata { return .consumed(end: i + 9, next: .cdata) }
        guard let doctype = check("<!DOCTYPE") else { return .needMore }
        if doctype { return .consumed(end: i + 9, next: .doctype(quote: nil)) }
        return .consumed(end: i + 1, next: here)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isNameStart(first) else { return false }
        return text.utf8.allSatisfy(isNameByte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// If a data-less processing instruction starts at `i`, blanks and
    /// records it; nil if there is none.
    private mutating func datalessProcessingInstruction(at i: Int, atEnd: Bool) -> Step? {
        guard i + 1 < buffer.count else { return atEnd ? nil : .needMore }
        guard buffer[i + 1] == UInt8(ascii: "?") else { return nil }
        let here = state
        switch processingInstruction(at: i, back: .content, atEnd: atEnd) {
        case .needMore: return .needMore
        case .consumed(let end, let next):
            state = here
            // Only a blanked one moves past its `?>` into a non-PI state.
            if case .processingInstruction = next { return nil }
            return .consumed(end: end, next: here)
        }
    }

    /// `<?target?>` with no data is blanked; any other processing
    /// instruction passes.
    private mutating func processingInstruction(at i: Int, back: Return, atEnd: Bool) -> Step {
        let passOn = Step.consumed(end: i + 2, next: .processingInstruction(returnTo: back))
        var j = i + 2
        while j < buffer.count, Self.isNameByte(buffer[j]) { j += 1 }
        if j - i == 5, j < buffer.count, Self.isSpace(buffer[j]),
            String(decoding: buffer[(i + 2)..<j], as: UTF8.self) == "xml"
        {
            return .consumed(end: j, next: .xmlDeclaration)
        }
        if j + 1 >= buffer.count, !atEnd {
            return j - i < 4096 ? .needMore : passOn
        }
        guard j > i + 2, Self.isNameStart(buffer[i + 2]), j + 1 < buffer.count,
            buffer[j] == UInt8(ascii: "?"), buffer[j + 1] == UInt8(ascii: ">")
        else { return passOn }
        let target = String(decoding: buffer[(i + 2)..<j], as: UTF8.self)
        // `<?xml?>` is a broken XML declaration: libxml2 reports it, then
        // still passes it on as a processing instruction with no data. It is
        // disarmed (`<_xml?>`), so the parser rejects it where it begins.
        if target.lowercased() == "xml" {
            buffer[i + 1] = UInt8(ascii: "_")
            return .consumed(end: j + 2, next: back == .subset ? .subset : .content)
        }
        guarded.append(XMLGuardedConstruct(line: line, column: column, kind: .processingInstruction(target: target)))
        blank(i..<(j + 2))
        return .consumed(end: j + 2, next: back == .subset ? .subset : .content)
    }

    // MARK: - Declarations

    /// A cursor over one declaration's bytes.
    private struct Tokens {
        let bytes: ArraySlice<UInt8>
        var index: Int

        var atEnd: Bool { index >= bytes.endIndex || bytes[index] == UInt8(ascii: ">") }

        mutating func skipSpace() -> Bool {
            let start = index
            while index < bytes.endIndex, XMLGuardFilter.isSpace(bytes[index]) { index += 1 }
            return index > start
        }

        mutating func word() -> String? {
            let start = index
            while index < bytes.endIndex, !XMLGuardFilter.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                bytes[index] != UInt8(ascii: "("), bytes[index] != UInt8(ascii: "\""),
                bytes[index] != UInt8(ascii: "'")
            {
                index += 1
            }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        mutating func quoted() -> String? {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
            else { return nil }
            let quote = bytes[index]
            var end = index + 1
            while end < bytes.endIndex, bytes[end] != quote { end += 1 }
            guard end < bytes.endIndex else { return nil }
            defer { index = end + 1 }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }

        mutating func group() -> String? {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "(") else { return nil }
            var end = index
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: ")") { end += 1 }
            guard end < bytes.endIndex else { return nil }
            defer { index = end + 1 }
            return String(decoding: bytes[index...end], as: UTF8.self)
        }
    }

    /// Where `index` is, as line and column, counted from the buffer's
    /// first byte at (`line`, `column`).
    private func position(of index: Int) -> (line: Int, column: Int) {
        let (count, last) = ByteSearch.lineFeeds(in: buffer, cursor..<index)
        guard let last else { return (line, column + index - cursor) }
        return (line + count, index - last)
    }

    private mutating func record(_ kind: XMLGuardedConstruct.Kind, at index: Int) {
        let (line, column) = position(of: index)
        guarded.append(XMLGuardedConstruct(line: line, column: column, kind: kind))
    }

    private mutating func rewriteDeclaration(_ range: Range<Int>) {
        if hasPrefix("<!ATTLIST", at: range.lowerBound) == true {
            rewriteAttributeList(range)
        } else if hasPrefix("<!NOTATION", at: range.lowerBound) == true {
            rewriteNotation(range)
        } else {
            rewriteEntity(range)
        }
    }

    private mutating func rewriteAttributeList(_ range: Range<Int>) {
        var tokens = Tokens(bytes: buffer[range], index: range.lowerBound + 9)
        guard tokens.skipSpace(), let element = tokens.word(), Self.isName(element) else { return disarm(range) }
        var blanks: [(Range<Int>, XMLGuardedConstruct.Kind)] = []
        while true {
            let start = tokens.index
            _ = tokens.skipSpace()
            if tokens.atEnd { break }
            guard tokens.index > start, let name = tokens.word(), Self.isName(name), tokens.skipSpace() else {
                return disarm(range)
            }
            let type: String
            if let group = tokens.group() {
                type = group
            } else if let word = tokens.word() {
                if word == "NOTATION" {
                    guard tokens.skipSpace(), let group = tokens.group() else { return disarm(range) }
                    type = "NOTATION " + group
                } else {
                    type = word
                }
            } else {
                return disarm(range)
            }
            guard tokens.skipSpace() else { return disarm(range) }
            if let value = tokens.quoted() {
                guard Self.isSafeAttributeValue(value) else { return disarm(range) }
            } else if let keyword = tokens.word() {
                if keyword == "#IMPLIED" || keyword == "#REQUIRED" {
                    blanks.append(
                        (start..<tokens.index, .attribute(name: name, element: element, type: type, defaultValue: nil)))
                } else if keyword == "#FIXED" {
                    guard tokens.skipSpace(), let value = tokens.quoted(), Self.isSafeAttributeValue(value) else {
                        return disarm(range)
                    }
                } else {
                    return disarm(range)
                }
            } else {
                return disarm(range)
            }
        }
        // Only a declaration that ends with `>` is passed on.
        guard tokens.index < range.upperBound, buffer[tokens.index] == UInt8(ascii: ">") else { return disarm(range) }
        for (blankRange, kind) in blanks {
            record(kind, at: blankRange.lowerBound + 1)
            blank(blankRange)
        }
    }

    /// Whether libxml2 parses `value` as a default value (it reports a
    /// NULL one, which crashes Foundation, when it holds `<` or a broken
    /// reference).
    private static func isSafeAttributeValue(_ value: String) -> Bool {
        guard !value.contains("<") else { return false }
        var rest = Substring(value)
        while let ampersand = rest.firstIndex(of: "&") {
            rest = rest[rest.index(after: ampersand)...]
            guard let semicolon = rest.firstIndex(of: ";") else { return false }
            let reference = rest[..<semicolon]
            if reference.hasPrefix("#x") {
                guard reference.count > 2, reference.dropFirst(2).allSatisfy(\.isHexDigit) else { return false }
            } else if reference.hasPrefix("#") {
                guard reference.count > 1, reference.dropFirst().allSatisfy(\.isNumber) else { return false }
            } else {
                guard let first = reference.utf8.first, isNameStart(first), reference.utf8.allSatisfy(isNameByte) else {
                    return false
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return true
    }

    /// Makes libxml2 reject the malformed declaration in `range` at its
    /// first byte, without parsing into it (where it could report a NULL
    /// string): its keyword's first letter becomes `_`. The document stays
    /// malformed, and the error is reported where the declaration begins.
    /// Data-less processing instructions inside it are blanked too: libxml2,
    /// recovering, reads them as processing instructions.
    private mutating func disarm(_ range: Range<Int>) {
        buffer[range.lowerBound + 2] = UInt8(ascii: "_")
        var k = range.lowerBound
        while k + 1 < range.upperBound {
            if buffer[k] == UInt8(ascii: "<"), buffer[k + 1] == UInt8(ascii: "?") {
                var j = k + 2
                while j < range.upperBound, Self.isNameByte(buffer[j]) { j += 1 }
                if j > k + 2, j + 1 < range.upperBound, buffer[j] == UInt8(ascii: "?"),
                    buffer[j + 1] == UInt8(ascii: ">")
                {
                    blank(k..<(j + 2))
                    k = j + 2
                    continue
                }
            }
            k += 1
        }
    }

    /// Public and system IDs after `PUBLIC` or `SYSTEM`; nil when malformed.
    private static func externalID(_ tokens: inout Tokens) -> (publicID: String?, systemID: String?)? {
        guard let keyword = tokens.word() else { return nil }
        if keyword == "SYSTEM" {
            _ = tokens.skipSpace()
            guard let system = tokens.quoted() else { return nil }
            return (nil, system)
        }
        guard keyword == "PUBLIC" else { return nil }
        _ = tokens.skipSpace()
        guard let publicID = tokens.quoted() else { return nil }
        _ = tokens.skipSpace()
        return (publicID, tokens.quoted())
    }

    private mutating func rewriteNotation(_ range: Range<Int>) {
        var tokens = Tokens(bytes: buffer[range], index: range.lowerBound + 10)
        guard tokens.skipSpace(), let name = tokens.word(), Self.isName(name), tokens.skipSpace(),
            let ids = Self.externalID(&tokens)
        else { return disarm(range) }
        _ = tokens.skipSpace()
        guard tokens.index < range.upperBound, buffer[tokens.index] == UInt8(ascii: ">"),
            ids.publicID.map(Self.isPublicID) ?? true
        else { return disarm(range) }
        if ids.publicID == nil || ids.systemID == nil {
            record(.notation(name: name, publicID: ids.publicID, systemID: ids.systemID), at: range.lowerBound)
            blank(range)
        }
    }

    /// Whether `id` holds only the characters of a public ID literal.
    private static func isPublicID(_ id: String) -> Bool {
        id.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || " \r\n-'()+,./:=?;!*#@$_%".utf8.contains(byte)
        }
    }

    private func containsWord(_ word: String, in range: Range<Int>) -> Bool {
        let bytes = Array(word.utf8)
        var i = range.lowerBound
        while i + bytes.count <= range.upperBound {
            if Array(buffer[i..<(i + bytes.count)]) == bytes { return true }
            i += 1
        }
        return false
    }

    private mutating func rewriteEntity(_ range: Range<Int>) {
        var tokens = Tokens(bytes: buffer[range], index: range.lowerBound + 8)
        guard tokens.skipSpace() else {
            // `<!ENTITYname …`: libxml2 reports the missing space and reads
            // the declaration anyway (a fuzzer finding).
            if containsWord("NDATA", in: range) { disarm(range) }
            return
        }
        if tokens.index < range.upperBound, buffer[tokens.index] == UInt8(ascii: "%") {
            // A parameter entity: its value would be parsed as declarations
            // where it is referenced.
            let value = String(decoding: buffer[range], as: UTF8.self)
            if ["#IMPLIED", "#REQUIRED", "NOTATION", "NDATA", "<?", "&#"].contains(where: {
                value.contains($0)
            }) {
                blank(range)
            }
            return
        }
        guard let name = tokens.word(), tokens.skipSpace(), let ids = Self.externalID(&tokens) else {
            // An entity with a literal value, or a malformed one: only an
            // unparsed entity reaches the callback that crashes.
            if containsWord("NDATA", in: range) { disarm(range) }
            return
        }
        _ = tokens.skipSpace()
        guard tokens.word() == "NDATA" else {
            if containsWord("NDATA", in: range) { disarm(range) }
            return
        }
        guard tokens.skipSpace(), let notation = tokens.word() else { return disarm(range) }
        _ = tokens.skipSpace()
        guard tokens.index < range.upperBound, buffer[tokens.index] == UInt8(ascii: ">"),
            ids.publicID.map(Self.isPublicID) ?? true
        else { return disarm(range) }
        if ids.publicID == nil || ids.systemID == nil {
            record(
                .unparsedEntity(name: name, publicID: ids.publicID, systemID: ids.systemID, notationName: notation),
                at: range.lowerBound)
            blank(range)
        }
    }
}
