/// A proxy's method with its types erased: a ``MethodSelector``. A proxy
/// class lists the selectors it declares (its ``SelectorDeclaring/selectors``)
/// in ``DelegateProxyBase/declaredSelectors``, erased, so that the name-based
/// entry points find methods by name and check closures against their
/// signatures.
///
/// ```swift
/// for selector in DownloadProxy.declaredSelectors {
///     print(selector.name, selector.signature)
/// }
/// ```
public struct AnyMethodSelector: Hashable, Sendable, CustomStringConvertible {
    /// The selector's identity, the typed selector's.
    let id: Int

    /// The method's Swift name.
    public let name: String

    /// The method's Objective-C selector name, or nil; see
    /// ``MethodSelector/objCName``.
    public let objCName: String?

    /// The type of the method's arguments (a tuple for several parameters).
    public let argumentsType: Any.Type

    /// The type of the method's result.
    public let resultType: Any.Type

    /// The selector's ``ResultCombining`` value, erased.
    let combiningBox: any Sendable

    /// Registers a `before` or `after` closure that sees arguments and result
    /// as `Any` with a registrar that knows the selector only erased (a
    /// proxy's table), reopening the selector's types for it.
    let registerErasedObserver:
        @Sendable (
            any ObserverRegistrar, HookPosition, RegistrationOptions,
            @escaping @Sendable (Invocation<Any, Any>) -> Void
        ) -> CancellationToken

    /// Erases a typed selector.
    ///
    /// - Parameter selector: The selector to erase.
    public init<Arguments, Result>(_ selector: MethodSelector<Arguments, Result>) {
        self.id = selector.id
        self.name = selector.name
        self.objCName = selector.objCName
        self.argumentsType = Arguments.self
        self.resultType = Result.self
        self.combiningBox = selector.combining
        self.registerErasedObserver = { registrar, position, options, body in
            registrar.registerObserver(selector, at: position, options: options) { body($0.erased) }
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

    /// Whether the selector's types are `arguments` and `result`.
    ///
    /// - Parameters:
    ///   - arguments: An arguments type.
    ///   - result: A result type.
    public func matches<Arguments, Result>(_ arguments: Arguments.Type, _ result: Result.Type) -> Bool {
        argumentsType == arguments && resultType == result
    }

    /// Selectors are equal when they are the same selector.
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

/// What keeps typed `before` and `after` closures per selector (a proxy's
/// table), for ``AnyMethodSelector`` to register an erased observer with once
/// it has reopened the selector's types.
protocol ObserverRegistrar {
    /// Registers `body` to run at `position` (`before` or `after`) of `selector`.
    func registerObserver<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        at position: HookPosition,
        options: RegistrationOptions,
        _ body: @escaping @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken
}

extension Invocation {
    /// The invocation with its arguments and result as `Any`, for observers
    /// registered by name that work with any method.
    var erased: Invocation<Any, Any> {
        Invocation<Any, Any>(
            selector: MethodSelector<Any, Any>(
                id: selector.id, name: selector.name, objCName: selector.objCName, combining: .closureWins),
            position: position, arguments: arguments as Any, result: result.map { $0 as Any })
    }
}
