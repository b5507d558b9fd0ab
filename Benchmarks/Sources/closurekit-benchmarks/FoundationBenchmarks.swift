import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

// Foundation: parse a multi-megabyte XML document, generated deterministically,
// through XMLParserDelegateProxy's closures and through a hand-written
// XMLParserDelegate doing the same work, in the same run, alternating.
// Target from issue 4: the proxy takes at most 1.05x as long.

/// A catalogue of `count` items, each with attributes, nested elements, text,
/// an entity reference and now and then a comment and a CDATA section. The
/// same `count` always gives the same bytes.
private func generatedDocument(items count: Int) -> Data {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog generator=\"closurekit-benchmarks\">\n"
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
        seed ^= seed << 13
        seed ^= seed >> 7
        seed ^= seed << 17
        return seed
    }
    let words = ["delegate", "closure", "proxy", "token", "hook", "lifetime", "queue", "parser", "stream", "cache"]
    for index in 0..<count {
        let a = words[Int(next() % 10)]
        let b = words[Int(next() % 10)]
        xml += "  <item id=\"i\(index)\" rank=\"\(next() % 1000)\" kind=\"\(a)\">\n"
        xml += "    <title>\(a.capitalized) &amp; \(b)</title>\n"
        xml += "    <price currency=\"EUR\">\(next() % 10_000).\(next() % 100)</price>\n"
        xml += "    <tags><tag>\(a)</tag><tag>\(b)</tag></tags>\n"
        if index % 7 == 0 { xml += "    <!-- note \(index) -->\n" }
        if index % 11 == 0 { xml += "    <code><![CDATA[if a < b { \(a)() }]]></code>\n" }
        xml += "  </item>\n"
    }
    xml += "</catalog>\n"
    return Data(xml.utf8)
}

/// What both sides compute: element count, attribute count, and the total
/// length of character data.
private struct Tally: Equatable {
    var elements = 0
    var attributes = 0
    var characters = 0
}

/// The peer: the delegate users write by hand.
private final class HandWrittenTally: NSObject, XMLParserDelegate {
    var tally = Tally()

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        tally.elements += 1
        tally.attributes += attributeDict.count
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        tally.elements -= 0
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        tally.characters += string.utf8.count
    }
}

/// The least any interposed delegate with a weak fallback can cost: a
/// hand-written delegate that passes every message on to a weak inner
/// delegate, as `realDelegate` is. The parser loads it weakly, and it loads
/// its inner delegate weakly: one more weak load (and release) per event than
/// the plain hand-written delegate. No proxy that keeps its real delegate
/// weak can forward for less.
private final class HandWrittenForwarder: NSObject, XMLParserDelegate {
    weak var inner: (any XMLParserDelegate)?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        #if canImport(ObjectiveC)
        inner?.parser?(
            parser, didStartElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName,
            attributes: attributeDict)
        #else
        inner?.parser(
            parser, didStartElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName,
            attributes: attributeDict)
        #endif
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        #if canImport(ObjectiveC)
        inner?.parser?(parser, didEndElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName)
        #else
        inner?.parser(parser, didEndElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName)
        #endif
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        #if canImport(ObjectiveC)
        inner?.parser?(parser, foundCharacters: string)
        #else
        inner?.parser(parser, foundCharacters: string)
        #endif
    }
}

/// The closure-based delegate users write by hand: one optional closure per
/// method, set once, no registration, no tokens, no removal.
private final class HandWrittenClosureDelegate: NSObject, XMLParserDelegate {
    var onStart: ((String, [String: String]) -> Void)?
    var onEnd: ((String) -> Void)?
    var onCharacters: ((String) -> Void)?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        onStart?(elementName, attributeDict)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        onEnd?(elementName)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        onCharacters?(string)
    }
}

@inline(never)
private func parseThroughHandWrittenForwarder(_ data: Data) -> Tally {
    let parser = XMLParser(data: data)
    let delegate = HandWrittenTally()
    let forwarder = HandWrittenForwarder()
    forwarder.inner = delegate
    parser.delegate = forwarder
    _ = parser.parse()
    return delegate.tally
}

@inline(never)
private func parseWithHandWrittenClosures(_ data: Data) -> Tally {
    let parser = XMLParser(data: data)
    var tally = Tally()
    let delegate = HandWrittenClosureDelegate()
    delegate.onStart = { _, attributes in
        tally.elements += 1
        tally.attributes += attributes.count
    }
    delegate.onEnd = { _ in tally.elements -= 0 }
    delegate.onCharacters = { string in tally.characters += string.utf8.count }
    parser.delegate = delegate
    _ = parser.parse()
    return tally
}

@inline(never)
private func parseByHand(_ data: Data) -> Tally {
    let parser = XMLParser(data: data)
    let delegate = HandWrittenTally()
    parser.delegate = delegate
    _ = parser.parse()
    return delegate.tally
}

private let parserTag = AssociationKey<Int>("benchmark tag")

/// The hand-written delegate on a parser that carries an associated value,
/// as a parser with a proxy does: separates the cost of association (a weak
/// reference to the parser, hence slower reference counting on it) from the
/// cost of forwarding.
@inline(never)
private func parseByHandWithAssociation(_ data: Data) -> Tally {
    let parser = XMLParser(data: data)
    Association.set(1, for: parserTag, on: parser)
    let delegate = HandWrittenTally()
    parser.delegate = delegate
    _ = parser.parse()
    return delegate.tally
}

@inline(never)
private func parseWithClosures(_ data: Data) -> Tally {
    let parser = XMLParser(data: data)
    var tally = Tally()
    let tokens = [
        parser.onStartElement { _, _, _, _, attributes in
            tally.elements += 1
            tally.attributes += attributes.count
        },
        parser.onEndElement { _, _, _, _ in tally.elements -= 0 },
        parser.onCharacters { _, string in tally.characters += string.utf8.count },
    ]
    _ = parser.parse()
    withExtendedLifetime(tokens) {}
    return tally
}

@inline(never)
private func parseThroughProxyToRealDelegate(_ data: Data) -> Tally {
    let parser = XMLParser(data: data)
    let delegate = HandWrittenTally()
    parser.delegate = delegate
    _ = parser.delegateProxy
    _ = parser.parse()
    return delegate.tally
}

/// Milliseconds a parse, one parse per batch, through the harness's
/// `interleave` (min and median over `rounds`, the cases in turn).
private func alternate(rounds: Int, _ cases: [() -> Void]) -> [Measurement] {
    interleave(rounds: rounds, cases.map { body in (1, { n in for _ in 0..<n { body() } }) }).map {
        Measurement(min: $0.min / 1_000_000, median: $0.median / 1_000_000)
    }
}

/// The XMLParser cases on a smaller document (2,000 items), for the
/// callgrind driver: one operation is one parse.
func xmlCases() -> [(name: String, body: (Int) -> Void)] {
    let document = generatedDocument(items: 2_000)
    return [
        ("xml.proxy-forwarding", { n in for _ in 0..<n { blackHole(parseThroughProxyToRealDelegate(document)) } }),
        ("xml.peer.weak-forwarder", { n in for _ in 0..<n { blackHole(parseThroughHandWrittenForwarder(document)) } }),
        ("xml.closures", { n in for _ in 0..<n { blackHole(parseWithClosures(document)) } }),
        ("xml.peer.closure-delegate", { n in for _ in 0..<n { blackHole(parseWithHandWrittenClosures(document)) } }),
    ]
}

let foundationSuite = Suite(capability: "foundation") {
    let document = generatedDocument(items: 20_000)
    let megabytes = String(format: "%.1f MB", Double(document.count) / 1_048_576)
    let expected = parseByHand(document)
    precondition(parseWithClosures(document) == expected, "the closures and the delegate disagree")
    precondition(parseThroughProxyToRealDelegate(document) == expected, "the proxy lost events")
    precondition(parseThroughHandWrittenForwarder(document) == expected, "the forwarder lost events")
    precondition(parseWithHandWrittenClosures(document) == expected, "the closure delegate lost events")

    let results = alternate(
        rounds: 9,
        [
            { blackHole(parseByHand(document)) },
            { blackHole(parseWithClosures(document)) },
            { blackHole(parseThroughProxyToRealDelegate(document)) },
            { blackHole(parseByHandWithAssociation(document)) },
            { blackHole(parseThroughHandWrittenForwarder(document)) },
            { blackHole(parseWithHandWrittenClosures(document)) },
        ])
    let (byHand, closures, forwarded, associated) = (results[0], results[1], results[2], results[3])
    let (handForwarded, handClosures) = (results[4], results[5])
    return [
        Row(
            capability: "foundation", name: "XMLParser \(megabytes): onStartElement/onEndElement/onCharacters",
            metric: "ms/parse", ours: closures, peer: "hand-written XMLParserDelegate", peerValue: byHand,
            target: .atMost(1.05)),
        Row(
            capability: "foundation", name: "XMLParser \(megabytes): proxy forwarding to realDelegate",
            metric: "ms/parse", ours: forwarded, peer: "hand-written XMLParserDelegate", peerValue: byHand,
            target: .atMost(1.05)),
        Row(
            capability: "foundation", name: "XMLParser \(megabytes): hand-written delegate, parser with an association",
            metric: "ms/parse", ours: associated, peer: "hand-written XMLParserDelegate", peerValue: byHand,
            target: nil),
        Row(
            capability: "foundation", name: "XMLParser \(megabytes): floor: hand-written forwarder to a weak delegate",
            metric: "ms/parse", ours: handForwarded, peer: "hand-written XMLParserDelegate", peerValue: byHand,
            target: nil),
        Row(
            capability: "foundation", name: "XMLParser \(megabytes): proxy forwarding to realDelegate",
            metric: "ms/parse", ours: forwarded, peer: "hand-written forwarder to a weak delegate",
            peerValue: handForwarded, target: .atMost(1.1)),
        Row(
            capability: "foundation", name: "XMLParser \(megabytes): onStartElement/onEndElement/onCharacters",
            metric: "ms/parse", ours: closures, peer: "hand-written delegate calling stored closures",
            peerValue: handClosures, target: .atMost(1.2)),
    ]
}
