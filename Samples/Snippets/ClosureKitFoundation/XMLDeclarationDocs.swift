// Samples of Sources/ClosureKitFoundation/XMLParser/XMLDeclaration.swift
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

// Sources/ClosureKitFoundation/XMLParser/XMLDeclaration.swift:4
// snippet.hide
func sample4(parser: XMLParser) async throws {
// snippet.show
    let token = parser.onDeclaration { _, declaration in
        if case .internalEntity(let name, let value) = declaration {
            print("&\(name); = \(value ?? "")")
        }
    }
// snippet.hide
    _ = token
}
// snippet.show
