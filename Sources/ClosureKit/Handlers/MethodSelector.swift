/// A typed name for one method of a protocol (or of any hookable type): the
/// key under which closures are registered for that method.
///
/// A selector carries:
/// - its identity: every ``init(_:objC:combining:)`` makes a new selector,
///   distinct from every other (closure tables find it by a small integer,
///   with no string hashing on the message path);
/// - ``name``, the method's Swift name, such as
///   `"parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)"`, for
///   diagnostics and for the name-based entry points;
/// - ``objCName``, the method's Objective-C selector name, such as
///   `"parser:didStartElement:namespaceURI:qualifiedName:attributes:"`, for
///   a method of an Objective-C protocol (nil for the others);
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
/// ``init(_:objC:combining:)`` makes a new, distinct selector, even for the
/// same name, and a proxy takes closures only for the selectors it declares.
public struct MethodSelector<Arguments, Result>: Hashable, Sendable, CustomStringConvertible {
    /// The selector's identity: a small integer, unique in the process. The
    /// selectors of one declaration, made one after the other when it is
    /// initialised, have consecutive ids, so that a proxy's closure table
    /// spans its own declaration only (see `ProxyTable`).
    @usableFromInline
    let id: Int

    /// The method's Swift name, for example `"task(_:didProgress:)"`.
    public var name: String { details.name }

    /// The method's Objective-C selector name, for example
    /// `"task:didProgress:"`, or nil for a method that has none.
    ///
    /// Declared with the selector, for a method of an `@objc` protocol, so
    /// that the Objective-C name is never listed a second time: an adapter
    /// that Objective-C calls (ClosureKitFoundation's
    /// `DelegateProxyAdapter`) answers `responds(to:)` by looking the name up
    /// in its proxy's declared selectors. Nothing else reads it.
    public var objCName: String? { details.objCName }

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
    /// ```swift
    /// let didProgress = MethodSelector<(DownloadTask, Double), Void>(
    ///     "task(_:didProgress:)", objC: "task:didProgress:")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as written in the protocol.
    ///   - objC: The method's Objective-C selector name, for a method of an
    ///     `@objc` protocol (see ``objCName``); nil for the others.
    ///   - combining: The combining rule for results, or nil for the default.
    public init(_ name: String, objC: String? = nil, combining: ResultCombining<Result>? = nil) {
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
        self.details = SelectorDetails(name: name, objCName: objC, combining: rule)
    }

    /// Rebuilds a selector from an erased one whose types are known to match.
    init(unchecked erased: AnyMethodSelector) {
        self.id = erased.id
        self.details = SelectorDetails(
            name: erased.name, objCName: erased.objCName,
            combining: erased.combiningBox as! ResultCombining<Result>)
    }

    /// A selector with an existing identity.
    init(id: Int, name: String, objCName: String?, combining: ResultCombining<Result>) {
        self.id = id
        self.details = SelectorDetails(name: name, objCName: objCName, combining: combining)
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

/// The process-wide counter that gives selectors their ids, one after the
/// other: the selectors of one declaration, made in a row, get consecutive
/// ids (unless another thread makes selectors at the same moment, which
/// only widens the span of that declaration's table).
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
    @usableFromInline let objCName: String?
    @usableFromInline let combining: ResultCombining<Result>

    init(name: String, objCName: String?, combining: ResultCombining<Result>) {
        self.name = name
        self.objCName = objCName
        self.combining = combining
    }
}
