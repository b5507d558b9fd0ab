/// Tokens that end together, exactly once: the engine's one way to end a
/// registration made of several registrations.
///
/// It is what an observation of one property ends (its place among the
/// property's observers and among its object's registrations), what one
/// token over several key paths ends, and what a convenience that registers
/// several closures returns. It is also the one-shot rule where the engine's
/// own `.once` would be consumed by calls that a filter rejects: the first
/// call that passes the filter calls ``end()``, and only the caller that gets
/// `true` runs.
///
/// - ``add(_:)`` joins a token. A token added after the group ended is
///   cancelled at once.
/// - ``end()`` cancels every token, once; later calls do nothing.
///
/// Tokens are cancelled with no lock held: cancelling releases handlers,
/// whose `deinit` may run any code. The group holds its tokens strongly, so a
/// closure that one of them registered must hold the group weakly.
package final class TokenGroup: TokenRegistration, @unchecked Sendable {
    /// Nil once ended.
    private let tokens: Locked<[CancellationToken]?>

    /// A group of `tokens`.
    package init(_ tokens: [CancellationToken] = []) {
        self.tokens = Locked(tokens)
    }

    /// Adds `token`; cancels it at once if the group has ended.
    package func add(_ token: CancellationToken) {
        let late = tokens.withLock { tokens -> CancellationToken? in
            if tokens == nil { return token }
            tokens!.append(token)
            return nil
        }
        late?.cancel()
    }

    /// Takes the tokens for which `matches` holds out of the group and
    /// cancels them, after the lock; the others stay. When none is left the
    /// group has ended, as after ``end()``.
    ///
    /// - Returns: Whether cancelling them prevented anything.
    @discardableResult
    package func cancel(where matches: (CancellationToken) -> Bool) -> Bool {
        let taken = tokens.withLock { tokens -> [CancellationToken] in
            guard let current = tokens else { return [] }
            let taken = current.filter(matches)
            let kept = current.filter { !matches($0) }
            tokens = kept.isEmpty ? nil : kept
            return taken
        }
        var prevented = false
        for token in taken where token.cancel() {
            prevented = true
        }
        return prevented
    }

    /// Whether ``end()`` has been called.
    package var isEnded: Bool {
        tokens.withLock { $0 == nil }
    }

    /// Ends the group: cancels every token. Returns true only for the first
    /// call, and only if cancelling prevented something (a token's
    /// `cancel()` returned true).
    @discardableResult
    package func end() -> Bool {
        let ended = tokens.withLock { tokens -> [CancellationToken]? in
            defer { tokens = nil }
            return tokens
        }
        guard let ended else { return false }
        var prevented = false
        for token in ended where token.cancel() {
            prevented = true
        }
        return prevented
    }

    /// A token that ends the group.
    package func token() -> CancellationToken {
        CancellationToken(registration: self)
    }

    func cancelRegistration() -> Bool {
        end()
    }
}
