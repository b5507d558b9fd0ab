import ClosureKit

extension DelegateProxy {
    /// Wires a Foundation proxy to the internal `NSObject` adapter it installs
    /// as the object's delegate (on Apple platforms Foundation's delegate
    /// protocols require an `NSObject`): the adapter becomes this proxy's
    /// `standIn`, so that `realDelegate` stores nil for it and a message can
    /// never loop, and it forwards to this proxy and answers `responds(to:)`
    /// from `objCSelectors`.
    ///
    /// Called once, in the proxy's initializer, before the proxy is shared.
    ///
    /// - Parameters:
    ///   - adapter: The proxy's adapter.
    ///   - objCSelectors: The adapter's table of the protocol's methods.
    ///   - weakly: Whether the adapter holds this proxy in its weak
    ///     `proxyObject`; false when it keeps its own unretained reference.
    func adopt(_ adapter: DelegateAdapter, objCSelectors: ObjCSelectorTable<Delegate>, weakly: Bool = true) {
        standIn = adapter
        adapter.serve(self, objCSelectors: objCSelectors, weakly: weakly)
    }

    /// Obtain-or-create for the Foundation proxies, which install an internal
    /// `NSObject` adapter as the object's delegate rather than the proxy
    /// itself.
    ///
    /// The same instance comes back every time, also when many threads ask at
    /// once: only the proxy that wins `attach(to:)` takes the previous
    /// delegate as `realDelegate` and installs its adapter.
    ///
    /// - Parameters:
    ///   - object: The delegating object.
    ///   - currentDelegate: Reads the object's delegate before installation.
    ///   - installAdapter: Makes the winning proxy's adapter the object's delegate.
    static func obtainAdapted(
        for object: AnyObject,
        currentDelegate: () -> Delegate?,
        installAdapter: (Self) -> Void
    ) -> Self {
        if let existing = existingProxy(for: object) { return existing }
        let candidate = Self()
        let installed = candidate.attach(to: object)
        if installed === candidate {
            installed.realDelegate = currentDelegate()
            installAdapter(installed)
        }
        return installed
    }
}
