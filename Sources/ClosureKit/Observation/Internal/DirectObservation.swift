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
    ///
    /// The filter is called for sets only, with their old and new value:
    /// ``deliverInitial(_:_:_:once:handle:)`` calls `delivery` itself.
    static func observer<Value>(
        delivery: @escaping Delivery,
        options: ObservationOptions,
        isEqual: ((Value, Value) -> Bool)?,
        handle: TokenGroup
    ) -> Delivery {
        let once = options.contains(.once)
        guard isEqual != nil || once else { return delivery }
        let wantsPrior = options.contains(.prior)
        let equality = isEqual.map(UncheckedSendableEquality.init)
        return { [weak handle] object, values, kind in
            if kind == .prior, !wantsPrior { return }
            if let isEqual = equality?.isEqual, values.areEqual(isEqual, as: Value.self) { return }
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

extension ObservedValues {
    /// Whether the old and new value of a set are equal under `isEqual`.
    func areEqual<Value>(_ isEqual: (Value, Value) -> Bool, as _: Value.Type) -> Bool {
        isEqual(oldValue(as: Value.self), newValue(as: Value.self))
    }
}
