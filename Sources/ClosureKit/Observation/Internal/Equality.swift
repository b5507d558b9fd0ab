/// `==` for a value type known only at run time.
enum Equality {
    /// `==` for `Value`, or nil if `Value` is not `Equatable`.
    static func function<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        func make<E: Equatable>(_: E.Type) -> (Value, Value) -> Bool {
            { lhs, rhs in (lhs as! E) == (rhs as! E) } // `Value` is `E`: the casts cannot fail
        }
        return make(equatable)
    }

    /// `==` for a value type named at registration, trapping if the option
    /// that needs it was given for a type that is not `Equatable`.
    static func required<Value>(for type: Value.Type, options: ObservationOptions) -> ((Value, Value) -> Bool)? {
        guard options.contains(.skippingEqualValues) else { return nil }
        guard let function = function(for: type) else {
            preconditionFailure(
                "ObservationOptions.skippingEqualValues needs an Equatable value, but \(Value.self) is not Equatable: "
                    + "make it Equatable, or leave the option out and compare old and new values in the handler"
            )
        }
        return function
    }
}
