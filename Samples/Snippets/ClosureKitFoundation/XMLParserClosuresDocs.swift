// Samples of Sources/ClosureKitFoundation/XMLParser/XMLParser+Closures.swift
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

// Sources/ClosureKitFoundation/XMLParser/XMLParser+Closures.swift:23
// snippet.hide
func sample23(data: Data) async throws {
// snippet.show
    let parser = XMLParser(data: data)
    var titles: [String] = []
    var text = ""
    let tokens = [
        parser.onStartElement { _, _, _, _, _ in text = "" },
        parser.onCharacters { _, string in text += string },
        parser.onEndElement { _, name, _, _ in if name == "title" { titles.append(text) } },
    ]
    _ = parser.parse()
// snippet.hide
    _ = tokens
}
// snippet.show

// Sources/ClosureKitFoundation/XMLParser/XMLParser+Closures.swift:75
// snippet.hide
func sample75(parser: XMLParser) async throws {
// snippet.show
    let token = parser.onStartElement { parser, name, namespaceURI, qualifiedName, attributes in
        print("<\(name)>", attributes)
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKitFoundation/XMLParser/XMLParser+Closures.swift:304
// snippet.hide
func sample303(parser: XMLParser) async throws {
// snippet.show
    let token = parser.onParseError { parser, error in
        print("line \(parser.lineNumber), column \(parser.columnNumber): \(error)")
    }
// snippet.hide
    _ = token
}
// snippet.show
