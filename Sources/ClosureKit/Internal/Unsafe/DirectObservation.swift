/// Why a delivery runs, without the generic parameter of
/// ``ObservedChange/Kind``, so that non-generic library code can pass it.
@usableFromInline
enum DeliveryKind: UInt8, Sendable {
    case initial
    case prior
    case change
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
        // One captured object: the closure's context is the object itself,
        // so a call unpacks no captures.
        let keyPath = ObservedKeyPath(pinning: keyPath)
        let observer = TypedDelivery(keyPath: keyPath, options: options, handler: handler)
        // A pinned key path's changes are made from its unretained reference,
        // so that they cost no reference counting: the closure is chosen
        // here, and a delivery tests nothing.
        guard keyPath.pinned != nil else {
            return { object, values, kind in observer.deliver(object, values, kind, keyPath: observer.keyPath) }
        }
        return { object, values, kind in
            observer.deliver(object, values, kind, keyPath: ObservedKeyPath(pinned: observer.reference))
        }
    }
}

/// What a delivery of one observation needs: the handler, the key path and
/// which values the options ask for.
@usableFromInline
final class TypedDelivery<Root: AnyObject, Value>: Sendable {
    /// The key path, pinned or held.
    @usableFromInline let keyPath: ObservedKeyPath
    /// The key path, unretained: `keyPath` keeps it alive.
    @usableFromInline nonisolated(unsafe) let reference: Unmanaged<AnyKeyPath>
    @usableFromInline let wantsOld: Bool
    @usableFromInline let wantsNew: Bool
    @usableFromInline let wantsPrior: Bool
    @usableFromInline let handler: @Sendable (Root, ObservedChange<Value>) -> Void

    @inlinable
    init(
        keyPath: ObservedKeyPath, options: ObservationOptions,
        handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) {
        self.keyPath = keyPath
        self.reference = .passUnretained(keyPath.keyPath)
        self.wantsOld = options.contains(.old)
        self.wantsNew = options.contains(.new)
        self.wantsPrior = options.contains(.prior)
        self.handler = handler
    }

    /// Delivers one change, which carries `keyPath`: the pinned reference
    /// or the held key path (see ``Deliveries/make(keyPath:options:handler:)``).
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
        // The storage checked its owner's identity at registration: the
        // object is the root. Unchecked (``uncheckedCast(_:to:)``), so a
        // delivery pays no dynamic cast; its measured worth:
        // Benchmarks/HISTORY.md, "Unsafe constructs".
        handler(uncheckedCast(object, to: Root.self), change)
    }
}

/// An observation of one property of the observed object itself
/// (`\.volume`): its delivery is registered directly in the property's slot.
enum DirectObservation {
    /// The observer to register for `delivery`: the delivery itself, or,
    /// when the options ask for it, the delivery behind a filter that skips
    /// sets of an equal value and lets a one-shot observation run once.
    ///
    /// `handle` is what the observation's token ends: its place among the
    /// slot's observers and the storage's registrations. The filter holds it
    /// weakly: the handle holds the observer's token.
    static func observer<Value>(
        delivery: @escaping Delivery,
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        handle: TokenGroup
    ) -> Delivery {
        let once = options.contains(.once)
        guard isEqual != nil || once else { return delivery }
        let wantsPrior = options.contains(.prior)
        nonisolated(unsafe) let isEqual = isEqual
        return { [weak handle] object, values, kind in
            if kind == .prior, !wantsPrior { return }
            if let isEqual, values.areEqual(isEqual, as: Value.self) { return }
            guard !once || handle?.end() == true else { return }
            delivery(object, values, kind)
        }
    }

    /// Makes the initial delivery of an observation, unless it has ended
    /// (or, for a one-shot observation, unless a set already claimed it).
    static func deliverInitial(
        _ delivery: Delivery, _ root: AnyObject, _ values: ObservedValues, once: Bool, handle: TokenGroup
    ) {
        guard !handle.isEnded, !once || handle.end() else { return }
        delivery(root, values, .initial)
    }
}
