@_exported import ClosureKit
import Foundation

/// ClosureKitFoundation: ready-made delegate proxies for Foundation's delegate
/// protocols. The proxies themselves arrive with the delegate-proxy layer;
/// this file makes `import ClosureKitFoundation` bring in the core as well.
public enum ClosureKitFoundation {
    /// The version of the ClosureKit package this module belongs to.
    public static let version = "0.1.0-dev"
}
