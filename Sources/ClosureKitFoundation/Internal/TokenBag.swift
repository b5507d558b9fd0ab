import Foundation

/// Several tokens behind one: what a convenience that registers several
/// closures returns, wrapped in a `CancellationToken(onCancel:)` that calls
/// ``cancelAll()``. The registered closures must not capture the bag (that
/// would keep their own tokens alive).
final class TokenBag: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [CancellationToken] = []

    init(_ tokens: [CancellationToken]) {
        self.tokens = tokens
    }

    /// Cancels every token, outside the lock.
    func cancelAll() {
        lock.lock()
        let current = tokens
        tokens = []
        lock.unlock()
        current.forEach { $0.cancel() }
    }
}

/// The one-shot rule for a filtered registration, where the library's own
/// `.once` would be consumed by calls the filter rejects: the first matching
/// call passes ``claim()``, which cancels the registration's token, so that
/// the token's `cancel()` then returns false, as for any one-shot handler.
final class OnceGate: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    // Weak: the registered closure holds the gate, and the token holds the
    // closure's registration.
    private weak var token: CancellationToken?

    /// Records the token to cancel on the first claim.
    func arm(_ token: CancellationToken) {
        lock.lock()
        self.token = token
        lock.unlock()
    }

    /// True for the first caller only; cancels the token (outside the lock).
    func claim() -> Bool {
        lock.lock()
        let first = !claimed
        claimed = true
        let token = first ? self.token : nil
        lock.unlock()
        token?.cancel()
        return first
    }
}
