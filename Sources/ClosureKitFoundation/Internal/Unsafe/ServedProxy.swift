import ClosureKit

/// The proxy a ``DelegateProxyAdapter`` serves, held unretained and used in
/// place without a retain.
///
/// A parser sends its delegate a message per event: a `weak` reference
/// would give the proxy a side table and make each retain of it slow, and
/// even a retain and release per message costs more than the rest of the
/// adapter's work (its measured worth: Benchmarks/HISTORY.md). The proxy
/// owns its adapter and clears this reference when
/// it ends (``DelegateProxyStandIn/proxyDidEnd()``), so it is valid whenever
/// it is set, as long as the proxy is not released on another thread during
/// a message (see the lifetime rule of ``DelegateProxyAdapter``).
@usableFromInline
struct ServedProxy {
    @usableFromInline
    let reference: Unmanaged<AnyObject>

    /// The proxy's class, so that the message path finds the proxy's type
    /// with one comparison instead of a dynamic cast.
    @usableFromInline
    let proxyClass: ObjectIdentifier

    init(_ proxy: AnyObject) {
        reference = Unmanaged.passUnretained(proxy)
        proxyClass = ObjectIdentifier(type(of: proxy))
    }

    /// Calls `body` with the proxy as a `Proxy`, or returns nil when it is
    /// not one.
    @inlinable @inline(__always)
    func withProxy<Proxy: AnyObject, Result>(
        _: Proxy.Type, _ body: (Proxy) throws -> Result
    ) rethrows -> Result? {
        try reference._withUnsafeGuaranteedRef { object in
            if proxyClass == ObjectIdentifier(Proxy.self) { return try body(unsafeDowncast(object, to: Proxy.self)) }
            guard let proxy = object as? Proxy else { return nil }
            return try body(proxy)
        }
    }
}
