/// The installed aspects, by name: where ``Aspect/install(_:in:_:)`` lists an
/// aspect and where it is found and uninstalled by name.
///
/// ```swift
/// print(AspectRegistry.shared.names)          // ["analytics", "audit"]
/// AspectRegistry.shared.uninstall(named: "audit")
/// ```
///
/// Most apps use ``shared``. A registry of your own scopes names to a part of
/// the program (a plugin, a test): its names do not clash with the shared
/// registry's, and when it ends it uninstalls its aspects.
///
/// The registry is consulted when an aspect is installed and uninstalled,
/// never when a hooked method runs.
public final class AspectRegistry: Sendable {
    /// The registry that `install` uses unless told otherwise.
    public static let shared = AspectRegistry()

    /// The installed aspects, in installation order.
    private let installed = Locked<[Aspect]>([])

    /// Creates an empty registry.
    public init() {}

    deinit {
        let aspects = installed.withLock { aspects in
            defer { aspects = [] }
            return aspects
        }
        for aspect in aspects {
            aspect.tokens.end()
        }
    }

    /// The names of the installed aspects, in installation order.
    public var names: [String] {
        installed.withLock { $0.map(\.name) }
    }

    /// The installed aspects, in installation order.
    public var aspects: [Aspect] {
        installed.withLock { $0 }
    }

    /// The installed aspect named `name`, or nil.
    ///
    /// - Parameter name: An aspect's name.
    public func aspect(named name: String) -> Aspect? {
        installed.withLock { $0.first { $0.name == name } }
    }

    /// Uninstalls the aspect named `name` (see ``Aspect/uninstall()``).
    ///
    /// - Parameter name: An aspect's name.
    /// - Returns: Whether an aspect of that name was installed.
    @discardableResult
    public func uninstall(named name: String) -> Bool {
        aspect(named: name)?.uninstall() ?? false
    }

    /// Uninstalls every aspect of the registry, newest first.
    public func uninstallAll() {
        for aspect in aspects.reversed() {
            aspect.uninstall()
        }
    }

    /// Lists `aspect`, reserving its name.
    func list(_ aspect: Aspect) throws(AspectError) {
        guard !aspect.name.isEmpty else { throw .emptyName }
        let listed = installed.withLock { installed -> Bool in
            guard !installed.contains(where: { $0.name == aspect.name }) else { return false }
            installed.append(aspect)
            return true
        }
        guard listed else { throw .nameInUse(aspect.name) }
    }

    /// Removes `aspect` from the list; false if it was not listed.
    func unlist(_ aspect: Aspect) -> Bool {
        installed.withLock { installed in
            guard let index = installed.firstIndex(of: aspect) else { return false }
            installed.remove(at: index)
            return true
        }
    }

    /// Whether `aspect` is listed.
    func contains(_ aspect: Aspect) -> Bool {
        installed.withLock { $0.contains(aspect) }
    }
}
