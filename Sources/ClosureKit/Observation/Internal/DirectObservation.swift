/// Why a delivery runs, without the generic parameter of
/// ``ObservedChange/Kind``, so that non-generic library code can pass it.
@usableFromInline
enum DeliveryKind: UInt8, Sendable {
    case initial
    case prior
    case change
}

/// Builds an ``ObservedChange`` from raw pointers to values and calls the
/// user's handler. Created in code that knows the value type (and that the
/// compiler specializes in the caller's module), so that a delivery costs
/// no generic metadata look-up.
@usableFromInline
typealias Delivery = @Sendable (
    _ object: AnyObject, _ old: UnsafeRawPointer?, _ new: UnsafeRawPointer?, _ kind: DeliveryKind
) -> Void

@usableFromInline
enum Deliveries {
    /// The delivery that calls `handler` with the values `options` asks for.
    @inlinable
    static func make<Root: AnyObject, Value>(
        keyPath: AnyKeyPath,
        options: ObservationOptions,
        handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) -> Delivery {
        let wantsOld = options.contains(.old)
        let wantsNew = options.contains(.new)
        // Key paths are immutable; `AnyKeyPath` is not `Sendable` only
        // because some capture subscript arguments. The interned instance
        // lives for the life of the process.
        nonisolated(unsafe) let keyPath = KeyPathInterner.intern(keyPath)
        return { object, old, new, kind in
            let change = ObservedChange<Value>(
                internedKeyPath: keyPath,
                kind: kind == .change ? .change : (kind == .prior ? .prior : .initial),
                oldValue: wantsOld ? old.map { $0.assumingMemoryBound(to: Value.self).pointee } : nil,
                newValue: wantsNew ? new.map { $0.assumingMemoryBound(to: Value.self).pointee } : nil)
            handler(unsafeDowncast(object, to: Root.self), change)
        }
    }
}

/// An observation of one observable property of the observed object itself:
/// the fast path. It sits in the property's observers and receives the old
/// and new values straight from the setter.
final class DirectObservation: SlotObserver, ObservationRegistration, @unchecked Sendable {
    private let delivery: Delivery
    private let skipsEqualValues: Bool
    private let isEqual: @Sendable (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    private let once: Bool

    private struct State {
        var ended = false
        var tokens: [CancellationToken] = []
    }

    private let state = Locked(State())

    init<Value>(
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        delivery: @escaping Delivery
    ) {
        self.delivery = delivery
        self.once = options.contains(.once)
        if let isEqual {
            nonisolated(unsafe) let isEqual = isEqual
            self.skipsEqualValues = true
            self.isEqual = { lhs, rhs in
                isEqual(lhs.assumingMemoryBound(to: Value.self).pointee, rhs.assumingMemoryBound(to: Value.self).pointee)
            }
        } else {
            self.skipsEqualValues = false
            self.isEqual = { _, _ in false }
        }
        super.init(wantsPrior: options.contains(.prior))
    }

    /// Hands the observation the tokens of its entries (the entry in the
    /// property's observers first); ends them at once if the observation has
    /// already ended.
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
        for (index, token) in tokens.enumerated() {
            let cancelled = token.cancel()
            if index == 0 { prevented = cancelled }
        }
        return prevented
    }

    /// Whether this callback may run: always, unless the observation is
    /// one-shot, in which case only the first caller wins.
    @inline(__always)
    private func claim() -> Bool {
        guard once else { return true }
        return end()
    }

    func deliverInitial(_ root: AnyObject, value: UnsafeRawPointer) {
        guard state.withLock({ !$0.ended }), claim() else { return }
        delivery(root, nil, value, .initial)
    }

    override func willChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        if skipsEqualValues, isEqual(old, new) { return }
        guard claim() else { return }
        delivery(object, old, nil, .prior)
    }

    override func didChange(_ object: AnyObject, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        if skipsEqualValues, isEqual(old, new) { return }
        guard claim() else { return }
        delivery(object, old, new, .change)
    }
}
