/// An observation of a value that the observed object computes from
/// observable properties: a nested key path (`\.owner.address.city`), a key
/// path that names a subclass's view of an inherited property, or a computed
/// property that reads observable ones.
///
/// It observes every observable property that evaluating the key path read
/// (its dependencies). When one is set, it evaluates the key path again,
/// re-wires its dependencies to the objects the path now runs through, and
/// delivers the old and new values of the whole path. It keeps the latest
/// value of the path, to report it as the old value of the next change.
final class PathObservation<Root: AnyObject, Value>: ObservationRegistration, @unchecked Sendable {
    private struct Dependency {
        /// The identity of the storage the dependency sits in: its lock,
        /// held strongly so that a storage that ended cannot be confused
        /// with a new one at the same address. (A weak reference to the
        /// storage would slow down every retain of it on the write path.)
        let identity: AnyObject
        let slot: Int
        let token: CancellationToken
    }

    private struct State {
        var ended = false
        var current: Value?
        var dependencies: [Dependency] = []
        var rootToken: CancellationToken?
        /// Nil once ended: the handler and its captures are released then.
        var handler: (@Sendable (Root, ObservedChange<Value>) -> Void)?
    }

    private weak var root: Root?
    private let keyPath: ObservedKeyPath
    private let evaluate: (Root) -> Value
    private let options: ObservationOptions
    private let isEqual: ((Value, Value) -> Bool)?
    private let state = Locked(State())

    init(
        root: Root,
        keyPath: AnyKeyPath,
        evaluate: @escaping (Root) -> Value,
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) {
        self.root = root
        self.keyPath = ObservedKeyPath(pinning: keyPath)
        self.evaluate = evaluate
        self.options = options
        self.isEqual = isEqual
        state.withLock { $0.handler = handler }
    }

    /// Wires the dependencies that the first evaluation read, and records
    /// the value it produced.
    func start(value: Value, accesses: [AccessTracking.Access], rootToken: CancellationToken) {
        let removed = state.withLock { state -> [CancellationToken] in
            if state.ended { return [rootToken] }
            state.current = value
            state.rootToken = rootToken
            return rewire(&state, to: accesses)
        }
        for token in removed { token.cancel() }
    }

    func end() -> Bool {
        // Everything the state holds leaves it under the lock and is released
        // after it: the handler's captures, the last value and the tokens
        // are user code's to end (a capture's `deinit` may set an observed
        // property, which reaches this observation again).
        let ended = state.withLock { state -> State? in
            if state.ended { return nil }
            var ended = State()
            swap(&ended, &state)
            state.ended = true
            return ended
        }
        guard let ended else { return false }
        for dependency in ended.dependencies { dependency.token.cancel() }
        ended.rootToken?.cancel()
        return true
    }

    func deliverInitial(_ root: Root, value: Value) {
        guard let handler = state.withLock({ $0.handler }), claim() else { return }
        handler(
            root,
            ObservedChange(
                keyPath: keyPath, kind: .initial, oldValue: nil,
                newValue: options.contains(.new) ? value : nil))
    }

    func dependencyWillChange() {
        guard let root else {
            _ = end()
            return
        }
        guard
            let (current, handler) = state.withLock({
                state -> (Value?, @Sendable (Root, ObservedChange<Value>) -> Void)? in
                state.handler.map { (state.current, $0) }
            }),
            claim()
        else { return }
        handler(
            root,
            ObservedChange(
                keyPath: keyPath, kind: .prior,
                oldValue: options.contains(.old) ? current : nil, newValue: nil))
    }

    func dependencyDidChange() {
        guard let root else {
            _ = end()
            return
        }
        // Evaluate with no lock held: the path may run through computed
        // properties, which are user code.
        let (new, accesses) = AccessTracking.track { evaluate(root) }
        let outcome = state.withLock {
            state -> (
                old: Value?, removed: [CancellationToken], handler: @Sendable (Root, ObservedChange<Value>) -> Void
            )? in
            guard let handler = state.handler else { return nil }
            let old = state.current
            state.current = new
            return (old, rewire(&state, to: accesses), handler)
        }
        guard let outcome else { return }
        for token in outcome.removed { token.cancel() }
        if let isEqual, let old = outcome.old, isEqual(old, new) { return }
        guard claim() else { return }
        outcome.handler(
            root,
            ObservedChange(
                keyPath: keyPath, kind: .change,
                oldValue: options.contains(.old) ? outcome.old : nil,
                newValue: options.contains(.new) ? new : nil))
    }

    /// Whether this callback may run: always, unless the observation is
    /// one-shot, in which case only the first caller wins.
    private func claim() -> Bool {
        guard options.contains(.once) else { return true }
        return end()
    }

    /// Makes the dependencies exactly the properties in `accesses`: keeps
    /// those already wired, adds the new ones, and returns the tokens of the
    /// ones no longer read, for the caller to cancel after unlocking.
    private func rewire(_ state: inout State, to accesses: [AccessTracking.Access]) -> [CancellationToken] {
        var kept: [Dependency] = []
        var old = state.dependencies
        for access in accesses {
            let identity = access.storage.identity
            if kept.contains(where: { $0.identity === identity && $0.slot == access.slot }) { continue }
            if let index = old.firstIndex(where: { $0.identity === identity && $0.slot == access.slot }) {
                kept.append(old.remove(at: index))
            } else {
                let wantsPrior = options.contains(.prior)
                let token = access.storage.addObserver(
                    dependencyObserver(wantsPrior: wantsPrior), wantsPrior: wantsPrior, forSlot: access.slot,
                    of: access.object)
                kept.append(Dependency(identity: identity, slot: access.slot, token: token))
            }
        }
        state.dependencies = kept
        return old.map(\.token)
    }
}

extension PathObservation {
    /// The observer of one dependency: forwards its sets to this
    /// observation, which it holds weakly (the observation holds its token).
    private func dependencyObserver(wantsPrior: Bool) -> Delivery {
        { [weak self] _, _, kind in
            switch kind {
            case .prior: if wantsPrior { self?.dependencyWillChange() }
            case .change: self?.dependencyDidChange()
            case .initial: break
            }
        }
    }
}
