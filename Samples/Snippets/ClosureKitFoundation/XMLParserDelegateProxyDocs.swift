// Samples of Sources/ClosureKitFoundation/XMLParser/XMLParserDelegateProxy.swift
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

// Sources/ClosureKitFoundation/XMLParser/XMLParserDelegateProxy.swift:19
// snippet.hide
func sample19(data: Data) async throws {
// snippet.show
    let parser = XMLParser(data: data)
    var depth = 0
    let start = parser.onStartElement { _, name, _, _, _ in
        print(String(repeating: "  ", count: depth) + name)
        depth += 1
    }
    let end = parser.onEndElement { _, _, _, _ in depth -= 1 }
    _ = parser.parse()
// snippet.hide
    _ = start
    _ = end
}
// snippet.show
