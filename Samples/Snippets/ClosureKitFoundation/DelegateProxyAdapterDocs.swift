// Samples of Sources/ClosureKitFoundation/DelegateProxyAdapter/DelegateProxyAdapter.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
let parser = XMLParser(data: Data("<a><!-- note --></a>".utf8))
// snippet.show

// Sources/ClosureKitFoundation/DelegateProxyAdapter/DelegateProxyAdapter.swift:23
final class CommentsProxy: DelegateProxy<any XMLParserDelegate>, SelectorDeclaring {
    struct Selectors {
        let foundComment = MethodSelector<(XMLParser, String), Void>(
            "parser(_:foundComment:)", objC: "parser:foundComment:")
    }
    static let selectors = Selectors()

    let adapter = CommentsAdapter()

    required init() {
        super.init()
        adapter.serve(self)
    }
}

final class CommentsAdapter: DelegateProxyAdapter, XMLParserDelegate {
    func parser(_ parser: XMLParser, foundComment comment: String) {
        withProxy(CommentsProxy.self) { proxy in
            proxy.forward(CommentsProxy.selectors.foundComment, (parser, comment)) {
                optionalMethod($0.parser(_:foundComment:))?($1.0, $1.1)
            }
        }
    }
}

let proxy = CommentsProxy.proxy(for: parser, delegate: \.delegate)
let token = proxy.implement(CommentsProxy.selectors.foundComment) { _, comment in print(comment) }

// Sources/ClosureKitFoundation/DelegateProxyAdapter/DelegateProxyAdapter.swift: respondsToMethod
// snippet.hide
func sampleResponds(proxy: CommentsProxy) {
// snippet.show
    let answer = proxy.adapter.respondsToMethod(objCName: "parser:foundComment:") { _ in false }
    print(answer == true)   // true: a closure is registered for the method
// snippet.hide
}
// snippet.show
