extension DelegateProxyBase {
    /// The adapter that serves this proxy, as the protocol: the object that
    /// installation makes the delegate, and that forwards each message here.
    ///
    /// Each ready-made proxy's initializer makes a new adapter serve it
    /// (``DelegateProxyAdapter/serve(_:)``), which makes the adapter the
    /// proxy's `standIn`, and the proxy keeps its stand-in alive: this reads
    /// it back, so that nothing else holds it.
    var servingAdapter: Delegate {
        guard let adapter = standIn as? Delegate else {
            preconditionFailure("\(Self.self) has no adapter that adopts \(Delegate.self): its initializer makes one")
        }
        return adapter
    }
}
