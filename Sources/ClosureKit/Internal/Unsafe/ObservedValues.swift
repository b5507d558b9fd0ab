/// The old and new value of one set of an observable property, as pointers valid during the call, so that the
/// dispatch to its observers is not generic.
///
/// Sound because only the `with` functions make one, pointing at values that outlive `body`, and the deliveries
/// keep no copy; a slot's observers are registered with the value type of the property the slot names, so the
/// reads name the pointed-at type. Self-test: `ObservationUnsafeTypesTests`. Figure: 88% on
/// `observation.write-10` (1,152 against 9,661 with `Any?` and `as!`).
@usableFromInline
struct ObservedValues {
    @usableFromInline let old: UnsafeRawPointer
    @usableFromInline let new: UnsafeRawPointer

    @usableFromInline
    init(old: UnsafeRawPointer, new: UnsafeRawPointer) {
        self.old = old
        self.new = new
    }

    @inlinable
    static func with<Value>(old: Value, new: Value, _ body: (ObservedValues) -> Void) {
        withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in
                body(ObservedValues(old: old, new: new))
            }
        }
    }

    /// Calls `body` with an initial value: `old` points at it too, unread.
    @inlinable
    static func with<Value>(initial value: Value, _ body: (ObservedValues) -> Void) {
        withUnsafePointer(to: value) { body(ObservedValues(old: $0, new: $0)) }
    }

    @inlinable
    func oldValue<Value>(as _: Value.Type) -> Value {
        old.assumingMemoryBound(to: Value.self).pointee
    }

    @inlinable
    func newValue<Value>(as _: Value.Type) -> Value {
        new.assumingMemoryBound(to: Value.self).pointee
    }
}
