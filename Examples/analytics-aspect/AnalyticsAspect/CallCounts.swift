import Foundation

/// How often each method was called, safe to update from any thread: the
/// aspect's hooks run on whichever thread calls the counted method.
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
