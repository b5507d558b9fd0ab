import ClosureKit

extension DelegateProxy {
    /// Obtain-or-create for the Foundation proxies, which install an internal
    /// `NSObject` adapter as the object's delegate rather than the proxy
    /// itself (on Apple platforms Foundation's delegate protocols require an
    /// `NSObject`).
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
