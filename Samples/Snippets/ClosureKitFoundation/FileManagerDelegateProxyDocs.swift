// Samples of Sources/ClosureKitFoundation/FileManager/FileManagerDelegateProxy.swift
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

// Sources/ClosureKitFoundation/FileManager/FileManagerDelegateProxy.swift:8
// snippet.hide
func sample8(folder: URL, backup: URL) async throws {
// snippet.show
    let files = FileManager()
    let token = files.onShouldCopy { source, _ in
        !source.lastPathComponent.hasPrefix(".")      // skip hidden files
    }
    try files.copyItem(at: folder, to: backup)
// snippet.hide
    _ = token
}
// snippet.show
