// Samples of Sources/ClosureKitFoundation/ClosureKitFoundation.docc/ClosureKitFoundation.md
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/ClosureKitFoundation.md:18
import ClosureKitFoundation
import Foundation
#if canImport(FoundationXML)
import FoundationXML      // XMLParser lives here on Linux
#endif

// snippet.hide
let data = Data("<feed><entry/></feed>".utf8)
// snippet.show
let parser = XMLParser(data: data)
var depth = 0
let tokens = [
    parser.onStartElement { _, name, _, _, _ in
        print(String(repeating: "  ", count: depth) + name)
        depth += 1
    },
    parser.onEndElement { _, _, _, _ in depth -= 1 },
    parser.onParseError { parser, error in
        print("line \(parser.lineNumber), column \(parser.columnNumber): \(error)")
    },
]
_ = parser.parse()

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/ClosureKitFoundation.md:58
// snippet.hide
func sample57(parser: XMLParser) async throws {
// snippet.show
    let proxy = parser.delegateProxy
    let token = proxy.instead(XMLParserDelegateProxy.selectors.foundComment) { invocation in
        print("comment:", invocation.arguments.1)
        invocation.proceed()          // and let the real delegate see it too
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/ClosureKitFoundation.md:85
// snippet.hide
func sample84() async throws {
// snippet.show
    let proxy = URLSessionDelegateProxy()
    let session = URLSession(configuration: .default, delegateProxy: proxy, delegateQueue: nil)
    let tokens = [
        proxy.onReceiveData { _, _, chunk in print("received \(chunk.count) bytes") },
        proxy.onRedirect { _, _, _, newRequest in newRequest.url?.scheme == "https" ? newRequest : nil },
        proxy.onDownloadProgress { _, _, _, written, expected in print(written, "of", expected) },
        proxy.onComplete { _, _, error in print(error ?? "done") },
    ]
// snippet.hide
    _ = session
    _ = tokens
}
// snippet.show

// snippet.hide
func elementsSample(data: Data) {
// snippet.show
var elements: [String] = []
let parser = XMLParser(data: data)
let token = parser.onStartElement { _, name, _, _, _ in elements.append(name) }
_ = parser.parse()
// snippet.hide
_ = token
}
// snippet.show
