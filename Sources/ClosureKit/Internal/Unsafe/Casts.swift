/// `object` as the class it is known to be, unchecked: every `unsafeDowncast` of the module. Each caller gives the
/// proof and the figure.
@inlinable @inline(__always)
func uncheckedCast<Object: AnyObject>(_ object: AnyObject, to _: Object.Type) -> Object {
    unsafeDowncast(object, to: Object.self)
}

/// `value` read as a `To` of the same representation: the module's one bit-cast (``IsolatedCall``'s closures).
/// Traps if the sizes differ, a check the optimiser folds away while they agree. Self-test: `IsolatedCallTests`.
@inlinable @inline(__always)
func sameLayoutCast<From, To>(_ value: From, to _: To.Type) -> To {
    precondition(
        MemoryLayout<From>.size == MemoryLayout<To>.size,
        "ClosureKit: a representation the library reads through another type changed on this toolchain")
    return unsafeBitCast(value, to: To.self)
}
