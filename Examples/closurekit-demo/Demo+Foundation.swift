import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// ClosureKitFoundation: closures where Foundation asks for delegates.
func demoFoundation() {
    // The outline that the `xml-outline` example prints, built with closures only.
    let feed = """
        <rss version="2.0"><channel><title>ClosureKit Notes</title>
        <item><title>Delegates without the runtime</title></item>
        <item><title>Cancel anything</title></item></channel></rss>
        """
    print("   XMLOutline.outline(of:), the code behind `swift run xml-outline`:")
    do {
        for line in try XMLOutline.outline(of: Data(feed.utf8)).split(separator: "\n") {
            print("     " + line)
        }
    } catch {
        print("     failed: \(error)")
    }

    // A parse error reaches the closure with its line and column.
    let parser = XMLParser(data: Data("<a>\n  <b></a>".utf8))
    var errorPlace = "none"
    let errorToken = parser.onParseError { parser, _ in
        errorPlace = "line \(parser.lineNumber), column \(parser.columnNumber)"
    }
    _ = parser.parse()
    print("   parser.onParseError on malformed input: \(errorPlace)")
    errorToken.cancel()

    // A typed selector with a hand-written delegate still in place.
    final class Counter: NSObject, XMLParserDelegate {
        var elements = 0
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            elements += 1
        }
    }
    let counter = Counter()
    let second = XMLParser(data: Data(feed.utf8))
    second.delegate = counter
    let proxy = second.delegateProxy
    var titles = 0
    let titleToken = second.onStartElement { _, name, _, _, _ in
        if name == "title" { titles += 1 }
    }
    _ = second.parse()
    print(
        "   the proxy kept the previous delegate as realDelegate (\(proxy.realDelegate === counter)):"
            + " it counted \(counter.elements) elements, the closure \(titles) titles")
    titleToken.cancel()

    // NSCache tells a closure what it evicts.
    let cache = NSCache<NSString, NSString>()
    cache.countLimit = 1
    let evictions = EvictionLog()
    let evictToken = cache.onEvict { object in evictions.append(String(object)) }
    cache.setObject("first", forKey: "1")
    cache.setObject("second", forKey: "2")
    print("   NSCache with countLimit 1 evicted: \(evictions.entries)")
    evictToken.cancel()
}

/// A thread-safe list for the eviction closure, which must be `@Sendable`.
private final class EvictionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ entry: String) {
        lock.lock()
        stored.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
