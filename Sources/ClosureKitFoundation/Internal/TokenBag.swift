import Foundation

/// Several tokens behind one: what a convenience that registers several
/// closures returns (wrapped in a `CancellationToken(onCancel:)`).
final class TokenBag: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [CancellationToken] = []
    private var cancelled = false
    private var claimed = false

    /// Stores the tokens; cancels them at once if the bag was cancelled first.
    func set(_ newTokens: [CancellationToken]) {
        lock.lock()
        let late = cancelled
        if !late { tokens = newTokens }
        lock.unlock()
        if late { newTokens.forEach { $0.cancel() } }
    }

    /// For one-shot conveniences: true for the first caller only, which then
    /// cancels every registration.
    func claimOnce() -> Bool {
        lock.lock()
        let first = !claimed
        claimed = true
        lock.unlock()
        if first { cancelAll() }
        return first
    }

    /// Cancels every token (outside the lock).
    func cancelAll() {
        lock.lock()
        let current = tokens
        tokens = []
        cancelled = true
        lock.unlock()
        current.forEach { $0.cancel() }
    }
}
