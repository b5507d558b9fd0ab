/// `==` of an observed value type, carried unchecked into the `@Sendable` observer of
/// ``ObservationOptions/skippingEqualValues``: a `@Sendable` `==` needs a `Sendable` metatype, which the forms for
/// values that are not `Sendable` cannot require (SE-0470's isolated conformances).
///
/// Sound because the function is `==` of the value type (``Equality`` or the `Equatable` witness), which holds no
/// mutable state, called on the setting thread after the lock is released, with values that call owns; a value
/// whose `Equatable` conformance is isolated to a global actor must then be set on that actor. Self-tests:
/// `KeyPathObservableTests`, `ObservablePropertyTests`. Figure: no checked spelling.
struct UncheckedSendableEquality<Value>: Sendable {
    nonisolated(unsafe) let isEqual: (Value, Value) -> Bool

    init(_ isEqual: @escaping (Value, Value) -> Bool) {
        self.isEqual = isEqual
    }
}
