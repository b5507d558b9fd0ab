/// Casts an object to the class it is known to be, without a dynamic check.
///
/// For the engine's callers that stored a typed value as `AnyObject` and get
/// it back where the type is fixed by construction (a control handler gets
/// the control it was registered on, checked by identity first), so that a
/// call to each handler pays no dynamic cast (its measured worth:
/// Benchmarks/HISTORY.md, "Unsafe constructs").
@inlinable @inline(__always)
func uncheckedCast<Object: AnyObject>(_ object: AnyObject, to _: Object.Type) -> Object {
    unsafeDowncast(object, to: Object.self)
}
