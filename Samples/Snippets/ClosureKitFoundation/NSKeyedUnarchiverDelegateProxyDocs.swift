// Samples of Sources/ClosureKitFoundation/KeyedArchiver/NSKeyedUnarchiverDelegateProxy.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
final class NewModel: NSObject {}
// snippet.show

// Sources/ClosureKitFoundation/KeyedArchiver/NSKeyedUnarchiverDelegateProxy.swift:7
// snippet.hide
func sample7(data: Data) async throws {
// snippet.show
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    let proxy = NSKeyedUnarchiverDelegateProxy.proxy(for: unarchiver)
    let token = proxy.implement(NSKeyedUnarchiverDelegateProxy.selectors.cannotDecodeClass) { _, name, _ in
        name == "OldModel" ? NewModel.self : nil        // map a renamed class
    }
// snippet.hide
    _ = token
}
// snippet.show
