/// A typed name for one method of a protocol (or of any hookable type): the
/// key under which closures are registered for that method.
///
/// A selector carries:
/// - ``id``, a small integer unique in the process, which closure tables use
///   as an array slot (no string hashing on the message path);
/// - ``name``, the method's Swift name, such as
///   `"parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)"`, for
///   diagnostics and for the name-based entry points;
/// - the method's argument and result types, as the generic parameters, so
///   that the compiler checks every closure registered for it;
/// - its ``combining`` rule, which says how a closure's result and the real
///   delegate's result are combined when both answer.
///
/// Arguments of several parameters are a tuple; a closure registered with
/// `DelegateProxy.implement(_:options:with:)` may still take them as
/// separate parameters:
///
/// ```swift
/// // In DownloadProxy.Selectors:
/// // let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
/// let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
///     print(fraction)
/// }
/// ```
///
/// Declare each selector once, as a stored property of a proxy's
/// ``SelectorDeclaring/selectors`` (see ``SelectorDeclaring``): every call of
/// ``init(_:combining:)`` makes a new, distinct selector, even for the same
/// name, and a proxy takes closures only for the selectors it declares.
public struct MethodSelector<Arguments, Result>: Hashable, Sendable, CustomStringConvertible {
    /// The selector's identity: a small integer, unique in the process, dense
    /// from zero, used as an array index by closure tables.
    public let id: Int

    /// The method's Swift name, for example `"task(_:didProgress:)"`.
    public var name: String { details.name }

    /// How a closure's result and the real delegate's result combine when both
    /// answer; see ``ResultCombining``.
    public var combining: ResultCombining<Result> { details.combining }

    /// The name and combining rule, behind one reference, so that copying a
    /// selector (every ``Invocation`` carries one) costs one retain.
    @usableFromInline
    let details: SelectorDetails<Result>

    /// Creates a new selector.
    ///
    /// When `combining` is omitted the rule is ``ResultCombining/closureWins``,
    /// except for a method that returns `Bool` and whose name contains
    /// "should" (any case): such "should" methods default to
    /// ``ResultCombining/and``, so that both the closure and the real
    /// delegate are asked (the real delegate first) and both must agree.
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as written in the protocol.
    ///   - combining: The combining rule for results, or nil for the default.
    public init(_ name: String, combining: ResultCombining<Result>? = nil) {
        self.id = SelectorIDs.next()
        let rule: ResultCombining<Result>
        if let combining {
            rule = combining
        } else if Result.self == Bool.self, name.lowercased().contains("should") {
            // Result is Bool here, so the cast always succeeds.
            rule = ResultCombining<Bool>.and as! ResultCombining<Result>
        } else {
            rule = .closureWins
        }
        self.details = SelectorDetails(name: name, combining: rule)
    }

    /// Rebuilds a selector from an erased one whose types are known to match.
    init(unchecked erased: AnyMethodSelector) {
        self.id = erased.id
        self.details = SelectorDetails(name: erased.name, combining: erased.combiningBox as! ResultCombining<Result>)
    }

    /// A selector with an existing identity.
    init(id: Int, name: String, combining: ResultCombining<Result>) {
        self.id = id
        self.details = SelectorDetails(name: name, combining: combining)
    }

    /// The method's signature as the compiler sees it, for example
    /// `"((DownloadTask, Double)) -> ()"`.
    public var signature: String {
        AnyMethodSelector.signature(arguments: Arguments.self, result: Result.self)
    }

    /// The selector with its types erased, for lists of selectors.
    public var erased: AnyMethodSelector {
        AnyMethodSelector(self)
    }

    /// The name and signature, for diagnostics.
    public var description: String {
        "\(name): \(signature)"
    }

    /// Selectors are equal when they are the same selector.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the selector's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// The process-wide counter that gives selectors dense ids.
enum SelectorIDs {
    private static let counter = Locked(0)

    static func next() -> Int {
        counter.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}

/// What a selector carries besides its id.
@usableFromInline
final class SelectorDetails<Result>: Sendable {
    @usableFromInline let name: String
    @usableFromInline let combining: ResultCombining<Result>

    init(name: String, combining: ResultCombining<Result>) {
        self.name = name
        self.combining = combining
    }
}
