/// Why an aspect could not be installed.
///
/// ```swift
/// do {
///     try Aspect.install("analytics") { Document.hooks.save.before { _, _ in } }
/// } catch let error as AspectError {
///     print(error)   // an aspect named "analytics" is already installed; …
/// }
/// ```
public enum AspectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The registry already holds an installed aspect of that name.
    ///
    /// - Parameter name: The name asked for.
    case nameInUse(String)

    /// The name is empty: an aspect needs a name to be listed and
    /// uninstalled by.
    case emptyName

    /// A sentence that names what was wrong.
    public var description: String {
        switch self {
        case .nameInUse(let name):
            return
                "an aspect named \"\(name)\" is already installed; uninstall it before installing another "
                + "of that name, or choose another name"
        case .emptyName:
            return "an aspect's name must not be empty"
        }
    }
}
