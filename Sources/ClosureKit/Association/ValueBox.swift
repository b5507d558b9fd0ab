/// The box an associated value lives in. A key's id fixes its value type, so a
/// box found under a key can be downcast without a dynamic type check.
///
/// A strongly held value sits in the base class's `strongValue`, so that the
/// inlined read path reaches it with a field load; a weak box keeps
/// `strongValue` nil and answers through `weakValue()`.
@usableFromInline
class ValueBox<Value>: @unchecked Sendable {
    @usableFromInline
    let strongValue: Value?

    @usableFromInline
    init(strongValue: Value?) {
        self.strongValue = strongValue
    }

    /// The value of a weak box; nil for a strong one.
    @usableFromInline
    func weakValue() -> Value? { nil }

    /// The value: the strong one, or what the weak reference still holds.
    @inlinable
    final func value() -> Value? {
        if let strongValue { return strongValue }
        return weakValue()
    }
}

/// A box that holds its value strongly.
final class StrongValueBox<Value>: ValueBox<Value>, @unchecked Sendable {
    init(_ value: Value) {
        super.init(strongValue: value)
    }
}

final class WeakValueBox<Value: AnyObject>: ValueBox<Value>, @unchecked Sendable {
    // A weak reference is safe to load from any thread.
    private weak var stored: Value?

    init(_ value: Value) {
        stored = value
        super.init(strongValue: nil)
    }

    override func weakValue() -> Value? { stored }
}
