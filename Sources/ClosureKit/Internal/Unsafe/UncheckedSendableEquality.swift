/// `==` of an observed value type, carried into the `@Sendable` observer
/// that skips sets of an equal value (``ObservationOptions/skippingEqualValues``)
/// without the compiler's check.
///
/// The compiler rejects the checked spelling (a `@Sendable` `==`) unless the
/// value type's metatype is `Sendable`, which the forms for values that are
/// not `Sendable` cannot require: the metatype may carry a conformance
/// isolated to a global actor (SE-0470). Sound for every other conformance:
/// the function is `==` of the value type (``Equality`` or the `Equatable`
/// witness), which holds no mutable state, and it is called on the setting
/// thread, after the lock is released, with values that call owns. A value
/// type whose `Equatable` conformance is isolated to a global actor must be
/// set on that actor when this option is given.
///
/// Not a speed choice: it buys nothing on a benchmark row.
/// `KeyPathObservableTests` and `ObservablePropertyTests` are its self-tests
/// (equal and unequal sets, from several threads).
struct UncheckedSendableEquality<Value>: Sendable {
    nonisolated(unsafe) let isEqual: (Value, Value) -> Bool

    init(_ isEqual: @escaping (Value, Value) -> Bool) {
        self.isEqual = isEqual
    }
}
