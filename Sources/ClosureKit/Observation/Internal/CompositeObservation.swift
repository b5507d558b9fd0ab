/// The registration behind one token that covers several key paths: it ends
/// every per-key-path observation at once.
final class CompositeObservation: TokenRegistration, @unchecked Sendable {
    private let children = Locked<[CancellationToken]?>([])

    /// Adds the token of one key path's observation.
    func add(_ token: CancellationToken) {
        let late = children.withLock { children -> CancellationToken? in
            if children == nil { return token }
            children!.append(token)
            return nil
        }
        late?.cancel()
    }

    func cancelRegistration() -> Bool {
        let tokens = children.withLock { children -> [CancellationToken] in
            defer { children = nil }
            return children ?? []
        }
        var prevented = false
        for token in tokens where token.cancel() {
            prevented = true
        }
        return prevented
    }

    /// Wraps the handler of a one-shot registration: the first callback of
    /// any key path ends the whole registration, and only it runs.
    func gate<Root, Value>(
        _ handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) -> @Sendable (Root, ObservedChange<Value>) -> Void {
        { [weak self] object, change in
            guard let self, self.cancelRegistration() else { return }
            handler(object, change)
        }
    }
}
