/// An observation of one observable property of the observed object itself:
/// the fast path. It sits in the property's observers and receives the old
/// and new values straight from the setter.
final class DirectObservation<Root: AnyObject, Value>: SlotObserver, ObservationRegistration, @unchecked Sendable {
    private let keyPath: AnyKeyPath
    private let options: ObservationOptions
    private let isEqual: ((Value, Value) -> Bool)?
    private let handler: @Sendable (Root, ObservedChange<Value>) -> Void

    private struct State {
        var ended = false
        var tokens: [CancellationToken] = []
    }

    private let state = Locked(State())

    init(
        keyPath: AnyKeyPath,
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) {
        self.keyPath = keyPath
        self.options = options
        self.isEqual = isEqual
        self.handler = handler
        super.init(wantsPrior: options.contains(.prior))
    }

    /// Hands the observation the tokens of its entries; ends them at once if
    /// the observation has already ended.
    func adopt(_ tokens: [CancellationToken]) {
        let late = state.withLock { state -> [CancellationToken] in
            if state.ended { return tokens }
            state.tokens += tokens
            return []
        }
        for token in late { token.cancel() }
    }

    func end() -> Bool {
        let tokens = state.withLock { state -> [CancellationToken]? in
            if state.ended { return nil }
            state.ended = true
            defer { state.tokens = [] }
            return state.tokens
        }
        guard let tokens else { return false }
        var prevented = false
        // The first token is the entry in the property's observers.
        for (index, token) in tokens.enumerated() {
            let cancelled = token.cancel()
            if index == 0 { prevented = cancelled }
        }
        return prevented
    }

    /// Whether this callback may run: always, unless the observation is
    /// one-shot, in which case only the first caller wins.
    private func claim() -> Bool {
        guard options.contains(.once) else { return true }
        return end()
    }

    func deliverInitial(_ root: Root, value: Value) {
        guard state.withLock({ !$0.ended }), claim() else { return }
        handler(root, ObservedChange(
            keyPath: keyPath, kind: .initial, oldValue: nil,
            newValue: options.contains(.new) ? value : nil))
    }

    override func willChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        let old = old.assumingMemoryBound(to: Value.self)
        if let isEqual, isEqual(old.pointee, new.assumingMemoryBound(to: Value.self).pointee) { return }
        guard claim() else { return }
        let oldValue = options.contains(.old) ? old.pointee : nil
        handler(unsafeDowncast(object, to: Root.self), ObservedChange(
            keyPath: keyPath, kind: .prior, oldValue: oldValue, newValue: nil))
    }

    override func didChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        let old = old.assumingMemoryBound(to: Value.self)
        let new = new.assumingMemoryBound(to: Value.self)
        if let isEqual, isEqual(old.pointee, new.pointee) { return }
        guard claim() else { return }
        handler(unsafeDowncast(object, to: Root.self), ObservedChange(
            keyPath: keyPath, kind: .change,
            oldValue: options.contains(.old) ? old.pointee : nil,
            newValue: options.contains(.new) ? new.pointee : nil))
    }
}
