extension ValueBox {
    /// The box stored under a key of this value type, without a dynamic
    /// cast: a key's id is unique to its `Value` type, so whatever is stored
    /// under it is a `ValueBox<Value>`.
    ///
    /// Benchmark row: "association · read" (a checked cast to a generic class
    /// is a metadata look-up per read).
    @inlinable @inline(__always)
    static func unchecked(_ box: AnyObject) -> ValueBox<Value> {
        unsafeDowncast(box, to: ValueBox<Value>.self)
    }
}

extension ValueBox {
    /// This box as the ``StrongValueBox`` it is when ``isWeak`` is false,
    /// without a dynamic cast. Benchmark row: "association · read, object
    /// adopts Lifetime" (a checked cast is a metadata look-up per read).
    @inlinable @inline(__always)
    var strong: StrongValueBox<Value> {
        unsafeDowncast(self, to: StrongValueBox<Value>.self)
    }
}
