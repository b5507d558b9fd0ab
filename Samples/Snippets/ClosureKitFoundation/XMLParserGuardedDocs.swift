// Samples of Sources/ClosureKitFoundation/XMLParser/XMLParser+Guarded.swift
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

// Sources/ClosureKitFoundation/XMLParser/XMLParser+Guarded.swift:23
// snippet.hide
func sample19(data: Data) async throws {
// snippet.show
    let parser = XMLParser.guarded(data: data)
    let token = parser.onDeclaration { _, declaration in
        if case .attribute(let name, let element, _, _) = declaration {
            print("\(element) has attribute \(name)")
        }
    }
    _ = parser.parse()
// snippet.hide
    _ = token
}
// snippet.show
