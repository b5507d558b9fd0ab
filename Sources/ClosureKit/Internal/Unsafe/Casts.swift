/// Casts an object to the class it is known to be, without a dynamic check.
///
/// For the engine's callers that stored a typed value as `AnyObject` and get
/// it back where the type is fixed by construction (a control handler gets
/// the control it was registered on, checked by identity first; a handler
/// core's snapshot is the core's own element type), so that a call to each
/// handler pays no dynamic cast (its measured worth: Benchmarks/HISTORY.md,
/// "Unsafe constructs"). Every `unsafeDowncast` of the module is this one.
@inlinable @inline(__always)
func uncheckedCast<Object: AnyObject>(_ object: AnyObject, to _: Object.Type) -> Object {
    unsafeDowncast(object, to: Object.self)
}

/// Reads `value` as a `To`, a type of the same representation: the module's
/// one bit-cast, for ``IsolatedCall``'s closures (an `@isolated(any)` or
/// region-bound closure read through the plain function type) and
/// ``RawClock``'s instant (read as the `Duration` it stores).
///
/// Traps if the two types differ in size, a check the optimiser folds away
/// while they agree (`IsolatedCallTests`, `RawClockTests` are the
/// self-tests: they call and read through it on every toolchain CI runs).
@inlinable @inline(__always)
func sameLayoutCast<From, To>(_ value: From, to _: To.Type) -> To {
    precondition(
        MemoryLayout<From>.size == MemoryLayout<To>.size,
        "ClosureKit: a representation the library reads through another type changed on this toolchain")
    return unsafeBitCast(value, to: To.self)
}
