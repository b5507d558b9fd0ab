// Samples of Sources/ClosureKitFoundation/XMLParser/XMLOutlineError.swift
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

// Sources/ClosureKitFoundation/XMLParser/XMLOutlineError.swift:10
// snippet.hide
func sample10(data: Data) async throws {
// snippet.show
    do {
        print(try XMLOutline.outline(of: data))
    } catch let error as XMLOutlineError {
        print("line \(error.line), column \(error.column): \(error.message)")
    }
// snippet.hide
}
// snippet.show
