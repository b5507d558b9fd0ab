extension ValueBox {
    /// The box stored under a key of this value type, without a dynamic
    /// cast: a key's id is unique to its `Value` type, so whatever is stored
    /// under it is a `ValueBox<Value>`. A checked cast to a generic class
    /// would look up its metadata on every read.
    ///
    /// With ``strong``, buys 41.7% on association.read.lifetime: 109
    /// instructions against 187 with the safe form (`as!`). Self-test:
    /// `AssociationTests` (every read and write goes through it; debug builds
    /// check the cast).
    @inlinable @inline(__always)
    static func unchecked(_ box: AnyObject) -> ValueBox<Value> {
        uncheckedCast(box, to: ValueBox<Value>.self)
    }
}

extension ValueBox {
    /// This box as the ``StrongValueBox`` it is when ``isWeak`` is false,
    /// without a dynamic cast, which would look up metadata on every read.
    /// Its figure and self-test are ``unchecked(_:)``'s, measured together.
    @inlinable @inline(__always)
    var strong: StrongValueBox<Value> {
        uncheckedCast(self, to: StrongValueBox<Value>.self)
    }
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

/// A box that holds its value strongly.
@usableFromInline
final class StrongValueBox<Value>: ValueBox<Value>, @unchecked Sendable {
    /// Replaced in place by a write only while the box is uniquely
    /// referenced, under its storage's lock: no reader holds it then, and a
    /// new reader needs that lock to reach it. So the field skips the dynamic
    /// exclusivity check.
    ///
    /// Buys 43.8% on association.read.lifetime: 109 instructions against 194
    /// with the safe form (checked exclusivity). Self-test: `AssociationTests`'
    /// concurrent writers, under the thread sanitizer in CI.
    @usableFromInline
    @exclusivity(unchecked) var value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
        super.init(isWeak: false)
    }
}
