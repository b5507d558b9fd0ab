/// The box an associated value lives in. A key's id fixes its value type, so a
/// box found under a key can be downcast without a dynamic type check.
///
/// A strongly held value sits in ``StrongValueBox``, as a `Value` (not an
/// optional), so that the inlined read path reaches it with a flag test and a
/// field load, and so that releasing a box destroys its value through the
/// box's own generic argument, with no look-up of `Optional<Value>`'s
/// metadata. A weak box answers through `weakValue()`.
@usableFromInline
class ValueBox<Value>: @unchecked Sendable {
    /// Whether this is a ``WeakValueBox``; otherwise a ``StrongValueBox``.
    @usableFromInline
    let isWeak: Bool

    init(isWeak: Bool) {
        self.isWeak = isWeak
    }

    /// The value of a weak box; nil for a strong one.
    @usableFromInline
    func weakValue() -> Value? { nil }

    /// The value: the strong one, or what the weak reference still holds.
    @inlinable
    final func value() -> Value? {
        if !isWeak { return strong.value }
        return weakValue()
    }
}

final class WeakValueBox<Value: AnyObject>: ValueBox<Value>, @unchecked Sendable {
    // A weak reference is safe to load from any thread.
    private weak var stored: Value?

    init(_ value: Value) {
        stored = value
        super.init(isWeak: true)
    }

    override func weakValue() -> Value? { stored }
}

extension ValueBox {
    /// Swaps `value` with the value of `box`, a box stored under a key of
    /// this value type, if it is a strong box; returns whether it did. The
    /// caller holds the storage's lock and has checked that the box is
    /// uniquely referenced. Spares a write the allocation of a new box.
    @inlinable @inline(__always)
    static func swap(_ value: inout Value, into box: AnyObject) -> Bool {
        let box = unchecked(box)
        guard !box.isWeak else { return false }
        Swift.swap(&value, &box.strong.value)
        return true
    }
}
