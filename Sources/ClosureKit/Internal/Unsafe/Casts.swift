/// Casts an object to the class it is known to be, without a dynamic check:
/// every `unsafeDowncast` of the module. Callers state why the type is fixed
/// by construction, and the figure that pays for skipping the check.
@inlinable @inline(__always)
func uncheckedCast<Object: AnyObject>(_ object: AnyObject, to _: Object.Type) -> Object {
    unsafeDowncast(object, to: Object.self)
}

/// Reads `value` as a `To`, a type of the same representation: the module's
/// one bit-cast, for ``IsolatedCall``'s closures (an `@isolated(any)` or
/// region-bound closure read through the plain function type).
///
/// Traps if the two types differ in size, a check the optimiser folds away
/// while they agree (`IsolatedCallTests` is the self-test: it calls through
/// every shape on every toolchain CI runs).
@inlinable @inline(__always)
func sameLayoutCast<From, To>(_ value: From, to _: To.Type) -> To {
    precondition(
        MemoryLayout<From>.size == MemoryLayout<To>.size,
        "ClosureKit: a representation the library reads through another type changed on this toolchain")
    return unsafeBitCast(value, to: To.self)
}
