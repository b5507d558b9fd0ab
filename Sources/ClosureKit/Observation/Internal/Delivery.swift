/// Why a delivery runs, without the generic parameter of
/// ``ObservedChange/Kind``, so that non-generic library code can pass it.
@usableFromInline
enum DeliveryKind: UInt8, Sendable {
    /// First, so that it is zero: the kind of every set, which a delivery's
    /// `switch` then tells apart with one test.
    case change
    case prior
    case initial
}

/// An observer of one property slot, and the element of the slot's handler
/// core: it builds an ``ObservedChange`` from raw pointers to values and
/// calls the user's handler (or, for a nested key path, tells its
/// observation that a dependency changed).
///
/// A set calls it with both values; a slot with an observer that wants to
/// hear before sets (``ObservationOptions/prior``) calls every observer with
/// ``DeliveryKind/prior`` first, and those that did not ask for it return at
/// once. Created in code that knows the value type (and that the compiler
/// specializes in the caller's module), so that a delivery costs no generic
/// metadata look-up, and called by the engine directly, with no layer in
/// between.
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
        let keyPath = ObservedKeyPath(pinning: keyPath)
        let observer = TypedDelivery<Root, Value>(options: options, handler: handler)
        // A pinned key path's changes are made from the pinned key path, so
        // that they cost no reference counting: the closure is chosen here,
        // and a delivery tests nothing.
        guard let pinned = keyPath.pinned else {
            return { object, values, kind in observer.deliver(object, values, kind, keyPath: keyPath) }
        }
        return { object, values, kind in
            observer.deliver(object, values, kind, keyPath: ObservedKeyPath(pinned: pinned))
        }
    }
}

/// What a delivery of one observation needs: the handler and which values
/// the options ask for.
@usableFromInline
final class TypedDelivery<Root: AnyObject, Value>: Sendable {
    @usableFromInline let wantsOld: Bool
    @usableFromInline let wantsNew: Bool
    @usableFromInline let wantsPrior: Bool
    @usableFromInline let handler: @Sendable (Root, ObservedChange<Value>) -> Void

    @inlinable
    init(options: ObservationOptions, handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void) {
        self.wantsOld = options.contains(.old)
        self.wantsNew = options.contains(.new)
        self.wantsPrior = options.contains(.prior)
        self.handler = handler
    }

    /// Delivers one change, which carries `keyPath`, pinned or held (see
    /// ``Deliveries/make(keyPath:options:handler:)``).
    @inlinable @inline(__always)
    func deliver(_ object: AnyObject, _ values: ObservedValues, _ kind: DeliveryKind, keyPath: ObservedKeyPath) {
        let change: ObservedChange<Value>
        switch kind {
        case .change:
            change = ObservedChange(
                keyPath: keyPath, kind: .change,
                oldValue: wantsOld ? values.oldValue(as: Value.self) : nil,
                newValue: wantsNew ? values.newValue(as: Value.self) : nil)
        case .prior:
            guard wantsPrior else { return }
            change = ObservedChange(
                keyPath: keyPath, kind: .prior, oldValue: wantsOld ? values.oldValue(as: Value.self) : nil,
                newValue: nil)
        case .initial:
            change = ObservedChange(
                keyPath: keyPath, kind: .initial, oldValue: nil,
                newValue: wantsNew ? values.newValue(as: Value.self) : nil)
        }
        handler(observedRoot(object, as: Root.self), change)
    }
}
