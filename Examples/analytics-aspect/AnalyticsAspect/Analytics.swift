import ClosureKit

/// An analytics aspect: counts the calls of the methods a table names,
/// across several types, without touching their code.
public enum Analytics {
    /// The types and methods to count: the whole configuration.
    public static var table: [(type: any Hookable.Type, methods: [String])] {
        [
            (Catalog.self, ["search(_:)"]),
            (Basket.self, ["add(_:)", "checkout()"]),
            (Payments.self, ["charge(_:)"]),
        ]
    }

    /// Installs the aspect named `name`: one `before` hook per method of
    /// `table`, each counting into `counts` under `Type.method`.
    ///
    /// A method name the table misspells is an error here, at once: each
    /// type's declared hook points are known before any of its methods has
    /// run, so the ``HookError`` names the type and the misspelled name, and
    /// lists the names the type declares.
    ///
    /// - Throws: ``AspectError`` when an aspect of that name is installed,
    ///   and the ``HookError`` of a name-based hook that its type refuses: a
    ///   misspelled method name, say (nothing is installed then, and the
    ///   name stays free).
    @discardableResult
    public static func install(
        _ name: String = "analytics",
        table: [(type: any Hookable.Type, methods: [String])] = table,
        counting counts: CallCounts,
        in registry: AspectRegistry = .shared
    ) throws -> Aspect {
        try Aspect.install(name, in: registry) {
            for (type, methods) in table {
                let typeName = "\(type)"
                for method in methods {
                    try type.hook(method, at: .before) { @Sendable (invocation: Invocation<Any, Any>) in
                        counts.record("\(typeName).\(invocation.selector.name)")
                    }
                }
            }
        }
    }
}
