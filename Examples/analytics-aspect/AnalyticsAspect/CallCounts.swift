import Foundation

/// How often each method was called, safe to update from any thread: the
/// aspect is installed from nonisolated code, so its hooks run on whichever
/// thread calls the counted method.
///
/// The lock makes it thread-safe, and `@unchecked Sendable` is this example's
/// own claim of that (ClosureKit does not ask for it): below macOS 15, where
/// `Synchronization.Mutex` is missing, a lock-protected class has no other way
/// to say so. A `@MainActor` model that installs the aspect needs no such type:
/// its name-based hooks run on the main actor (see the Isolation article).
public final class CallCounts: @unchecked Sendable {
    // Every access to `counts` holds `lock`.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    public init() {}

    /// Counts one call of `method`.
    public func record(_ method: String) {
        lock.withLock { counts[method, default: 0] += 1 }
    }

    /// The calls counted for `method`.
    public subscript(method: String) -> Int {
        lock.withLock { counts[method, default: 0] }
    }

    /// Every counted method with its count, by name.
    public var sorted: [(method: String, count: Int)] {
        lock.withLock { counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }
}
