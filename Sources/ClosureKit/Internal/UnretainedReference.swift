/// A reference to an object that some owner keeps alive, held without
/// retaining it and used in place without retaining it either.
///
/// For the package's adapters that an object owns and that call back into
/// it once per event (the XMLParser adapter calls its proxy once per parsed
/// element): a `weak` reference would give the proxy a side table and make
/// every retain of it slow, and even a strong retain and release per event
/// costs more than the rest of the forwarding (its measured worth:
/// Benchmarks/HISTORY.md, "Unsafe constructs"). The owner must clear the
/// reference before it ends.
package struct UnretainedReference<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline
    let reference: Unmanaged<Object>

    /// Refers to `object` without retaining it.
    package init(_ object: Object) {
        reference = Unmanaged.passUnretained(object)
    }

    /// Calls `body` with the object, which must still be alive.
    @inlinable @inline(__always)
    package func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }
}
