// Samples of Sources/ClosureKitFoundation/KeyedArchiver/NSKeyedArchiverDelegateProxy.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
final class Secret: NSObject {}
// snippet.show

// Sources/ClosureKitFoundation/KeyedArchiver/NSKeyedArchiverDelegateProxy.swift:7
// snippet.hide
func sample7(model: NSObject) async throws {
// snippet.show
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    let proxy = NSKeyedArchiverDelegateProxy.proxy(for: archiver)
    let token = proxy.implement(NSKeyedArchiverDelegateProxy.selectors.willEncode) { _, object in
        (object as? Secret).map { _ in "redacted" as NSString } ?? object   // substitute before encoding
    }
    archiver.encode(model, forKey: NSKeyedArchiveRootObjectKey)
// snippet.hide
    _ = token
}
// snippet.show
