/// Why a key path cannot be observed: what `observe` and `changes(of:)`
/// throw, at registration, before anything is registered.
///
/// ```swift
/// do {
///     let token = try settings.observe(\.label) { _, change in print(change) }
///     tokens.insert(token)
/// } catch {
///     print(error)   // \Settings.label reads no @ObservableProperty of a KeyPathObservable object; ...
/// }
/// ```
///
/// Both cases depend on what the key path reads when it is registered (a
/// computed property may read observable properties on one branch only),
/// which the compiler cannot see.
public enum KeyPathObservationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key path reads no ``ObservableProperty``: nothing would ever
    /// report a change.
    ///
    /// - Parameter keyPath: The key path, as Swift prints it.
    case readsNoObservableProperty(keyPath: String)

    /// The key path reaches an object through a property that is not an
    /// ``ObservableProperty``: replacing that object would go unnoticed.
    ///
    /// - Parameters:
    ///   - keyPath: The key path, as Swift prints it.
    ///   - through: The type of the object reached that way.
    case unobservedLink(keyPath: String, through: String)

    /// A sentence that names the key path and what to do.
    public var description: String {
        switch self {
        case .readsNoObservableProperty(let keyPath):
            "\(keyPath) reads no @ObservableProperty of a KeyPathObservable object; mark the properties it reads "
                + "with @ObservableProperty"
        case .unobservedLink(let keyPath, let through):
            "\(keyPath) reaches \(through) through a property that is not marked @ObservableProperty, so a change of "
                + "that property would go unnoticed; mark every property along the path with @ObservableProperty, "
                + "or observe \(through) directly"
        }
    }
}
