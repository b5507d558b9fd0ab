// Samples of Sources/ClosureKitFoundation/NSCache/NSCache+Closures.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
final class Image {}
// snippet.show

// Sources/ClosureKitFoundation/NSCache/NSCache+Closures.swift:14
// snippet.hide
func sample14(cache: NSCache<NSString, Image>) async throws {
// snippet.show
    let token = cache.onEvict { image in print("evicting", image) }
// snippet.hide
    _ = token
}
// snippet.show
