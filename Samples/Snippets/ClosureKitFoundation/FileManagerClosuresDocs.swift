// Samples of Sources/ClosureKitFoundation/FileManager/FileManager+Closures.swift
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

// Sources/ClosureKitFoundation/FileManager/FileManager+Closures.swift:19
// snippet.hide
func sample19(files: FileManager) async throws {
// snippet.show
    let token = files.onShouldCopy { source, _ in source.pathExtension != "tmp" }
// snippet.hide
    _ = token
}
// snippet.show
