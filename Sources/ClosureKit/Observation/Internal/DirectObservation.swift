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
typealias Delivery = @Sendable (_ object: AnyObject, _ values: ObservedValues, _ kind: DeliveryKind) -> Void

/// Builds deliveries: closures that turn the values of a set into an
/// ``ObservedChange`` of the caller's types and call the handler.
@usableFromInline
enum Deliveries {
    @inlinable
    static func make<Root: AnyObject, Value>(
        keyPath: AnyKeyPath,
        options: ObservationOptions,
        handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) -> Delivery {
        let wantsOld = options.contains(.old)
        let wantsNew = options.contains(.new)
        let keyPath = InternedKeyPath(keyPath)
        return { object, values, kind in
            let change = ObservedChange<Value>(
                keyPath: keyPath,
                kind: kind == .change ? .change : (kind == .prior ? .prior : .initial),
                oldValue: wantsOld ? values.oldValue(as: Value.self) : nil,
                newValue: wantsNew ? values.newValue(as: Value.self) : nil)
            // The storage checked its owner's identity at registration: the
            // object is the root. Unchecked (this is an Internal file):
            // benchmark row "observation · write, 1 observer".
            handler(unsafeDowncast(object, to: Root.self), change)
        }
    }
}

/// An observation of one property of the observed object itself
/// (`\.volume`): the observer is registered directly in the property's slot.
final class DirectObservation: SlotObserver, @unchecked Sendable {
    private let delivery: Delivery
    private let isEqual: (@Sendable (ObservedValues) -> Bool)?
    private let once: Bool
    /// What the observation's token ends: its places among the slot's
    /// observers and the storage's registrations. It does not hold the
    /// handler, so that cancelling releases the handler and its captures
    /// even while the token is kept. Weak: the handle is the token's, and
    /// holds this observer's token.
    weak var handle: TokenGroup?

    init<Value>(
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        delivery: @escaping Delivery
    ) {
        self.delivery = delivery
        self.once = options.contains(.once)
        if let isEqual {
            nonisolated(unsafe) let isEqual = isEqual
            self.isEqual = { $0.areEqual(isEqual, as: Value.self) }
        } else {
            self.isEqual = nil
        }
        super.init(wantsPrior: options.contains(.prior))
    }

    @inline(__always)
    private func claim() -> Bool {
        guard once else { return true }
        return handle?.end() ?? false
    }

    func deliverInitial(_ root: AnyObject, _ values: ObservedValues) {
        guard handle?.isEnded == false, claim() else { return }
        delivery(root, values, .initial)
    }

    override func willChange(_ object: AnyObject, _ values: ObservedValues) {
        if let isEqual, isEqual(values) { return }
        guard claim() else { return }
        delivery(object, ObservedValues(old: values.old, new: nil), .prior)
    }

    override func didChange(_ object: AnyObject, _ values: ObservedValues) {
        if let isEqual, isEqual(values) { return }
        guard claim() else { return }
        delivery(object, values, .change)
    }
}
