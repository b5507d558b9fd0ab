// Samples of Sources/ClosureKitFoundation/NSCache/NSCacheDelegateProxy.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
final class Thumbnail { func releaseGPUMemory() {} }
// snippet.show

// Sources/ClosureKitFoundation/NSCache/NSCacheDelegateProxy.swift:7
// snippet.hide
func sample7() async throws {
// snippet.show
    let cache = NSCache<NSString, Thumbnail>()
    cache.countLimit = 100
    let token = cache.onEvict { thumbnail in
        thumbnail.releaseGPUMemory()
    }
// snippet.hide
    _ = token
}
// snippet.show
