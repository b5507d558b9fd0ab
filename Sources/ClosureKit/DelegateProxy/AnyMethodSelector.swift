/// A ``MethodSelector`` with its argument and result types erased: what a
/// proxy lists in ``DelegateProxy/selectors`` so that its methods can be found
/// by name, and what the name-based entry points check closures against.
///
/// ```swift
/// override class var selectors: [AnyMethodSelector] {
///     [didProgress.erased, didFinish.erased]
/// }
/// ```
public struct AnyMethodSelector: Hashable, Sendable, CustomStringConvertible {
    /// The selector's identity, as ``MethodSelector/id``.
    public let id: Int

    /// The method's Swift name.
    public let name: String

    /// The type of the method's arguments (a tuple for several parameters).
    public let argumentsType: Any.Type

    /// The type of the method's result.
    public let resultType: Any.Type

    /// The selector's ``ResultCombining`` value, erased.
    let combiningBox: any Sendable

    /// Registers a `before` or `after` closure that sees arguments and
    /// result as `Any`, for observers that work with any selector.
    let registerErasedObserver:
        @Sendable (HookTable, HookPosition, RegistrationOptions, @escaping @Sendable (Invocation<Any, Any>) -> Void) ->
            CancellationToken

    /// Erases a typed selector.
    ///
    /// - Parameter selector: The selector to erase.
    public init<Arguments, Result>(_ selector: MethodSelector<Arguments, Result>) {
        self.id = selector.id
        self.name = selector.name
        self.argumentsType = Arguments.self
        self.resultType = Result.self
        self.combiningBox = selector.combining
        self.registerErasedObserver = { table, position, options, body in
            let erased = MethodSelector<Any, Any>(id: selector.id, name: selector.name, combining: .closureWins)
            return table.register(
                selector, position, options,
                .observer { invocation in
                    body(
                        Invocation(
                            selector: erased, position: invocation.position,
                            arguments: invocation.arguments as Any,
                            result: invocation.result.map { $0 as Any }))
                })
        }
    }

    /// The method's signature, for example `"((DownloadTask, Double)) -> ()"`.
    public var signature: String {
        Self.signature(arguments: argumentsType, result: resultType)
    }

    /// The name and signature, for diagnostics.
    public var description: String {
        "\(name): \(signature)"
    }

    /// Whether this selector has exactly these argument and result types.
    public func matches<Arguments, Result>(_ arguments: Arguments.Type, _ result: Result.Type) -> Bool {
        argumentsType == arguments && resultType == result
    }

    /// Erased selectors are equal when they are the same selector.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the selector's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    static func signature(arguments: Any.Type, result: Any.Type) -> String {
        "(\(arguments)) -> \(result)"
    }
}
