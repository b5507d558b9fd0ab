/// The old and new value of one set of an observable property, passed to its
/// observers without making the dispatch generic: pointers to values of the
/// property's type, valid only during the call.
///
/// Raw pointers rather than a generic dispatch, which would look up metadata
/// on every set, or values boxed in `Any`, which would allocate on every set
/// (their measured worth: Benchmarks/HISTORY.md, "Unsafe constructs").
@usableFromInline
struct ObservedValues {
    @usableFromInline let old: UnsafeRawPointer?
    @usableFromInline let new: UnsafeRawPointer?

    @usableFromInline
    init(old: UnsafeRawPointer?, new: UnsafeRawPointer?) {
        self.old = old
        self.new = new
    }

    /// Calls `body` with the values of a set.
    @inlinable
    static func with<Value>(old: Value, new: Value, _ body: (ObservedValues) -> Void) {
        withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in
                body(ObservedValues(old: old, new: new))
            }
        }
    }

    /// Calls `body` with an initial value only (no old value).
    @inlinable
    static func with<Value>(initial value: Value, _ body: (ObservedValues) -> Void) {
        withUnsafePointer(to: value) { body(ObservedValues(old: nil, new: $0)) }
    }

    /// The old value, read as the property's type.
    @inlinable
    func oldValue<Value>(as _: Value.Type) -> Value? {
        old.map { $0.assumingMemoryBound(to: Value.self).pointee }
    }

    /// The new value, read as the property's type.
    @inlinable
    func newValue<Value>(as _: Value.Type) -> Value? {
        new.map { $0.assumingMemoryBound(to: Value.self).pointee }
    }

    /// Whether the old and new value are equal under `isEqual`.
    func areEqual<Value>(_ isEqual: (Value, Value) -> Bool, as _: Value.Type) -> Bool {
        guard let old = oldValue(as: Value.self), let new = newValue(as: Value.self) else { return false }
        return isEqual(old, new)
    }
}
