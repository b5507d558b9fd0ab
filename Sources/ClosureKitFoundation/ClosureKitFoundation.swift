@_exported import ClosureKit
import Foundation

/// ClosureKitFoundation: ready-made delegate proxies for Foundation's delegate
/// protocols (`XMLParserDelegateProxy`, `URLSessionDelegateProxy`,
/// `StreamDelegateProxy`, `NSCacheDelegateProxy`, `FileManagerDelegateProxy`,
/// `NSKeyedArchiverDelegateProxy`, `NSKeyedUnarchiverDelegateProxy`) and the
/// closure conveniences built on them. `import ClosureKitFoundation` brings in
/// the core as well.
public enum ClosureKitFoundation {
    /// The version of the ClosureKit package this module belongs to.
    public static let version = "0.1.0-dev"
}
