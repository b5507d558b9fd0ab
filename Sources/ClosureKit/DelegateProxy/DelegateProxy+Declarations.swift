/// A delegate proxy that declares its protocol's methods: one stored
/// ``MethodSelector`` property per method, in one value, ``selectors``.
///
/// ```swift
/// final class DownloadProxy: DelegateProxy<any DownloadDelegate>, DownloadDelegate, SelectorDeclaring {
///     struct Selectors {
///         let shouldStart = MethodSelector<DownloadTask, Bool>("taskShouldStart(_:)")
///         let didProgress = MethodSelector<(DownloadTask, Double), Void>("task(_:didProgress:)")
///         let didFinish = MethodSelector<(DownloadTask, Int), Void>("task(_:didFinish:)")
///     }
///     static let selectors = Selectors()
///
///     func taskShouldStart(_ task: DownloadTask) -> Bool {
///         forward(Self.selectors.shouldStart, task, default: true) { $0.taskShouldStart($1) }
///     }
///     func task(_ task: DownloadTask, didProgress fraction: Double) {
///         forward(Self.selectors.didProgress, (task, fraction)) { $0.task($1.0, didProgress: $1.1) }
///     }
///     func task(_ task: DownloadTask, didFinish bytes: Int) {
///         forward(Self.selectors.didFinish, (task, bytes)) { $0.task($1.0, didFinish: $1.1) }
///     }
/// }
///
/// let token = proxy.implement(DownloadProxy.selectors.didProgress) { task, fraction in
///     print("\(Int(fraction * 100))%")
/// }
/// ```
///
/// The library reads the declaration once per proxy class, by reflection
/// (`Mirror`), the first time it needs it: a registration, `responds(to:)`,
/// ``DelegateProxyBase/declaredSelectors``. So every answer about the proxy's
/// methods is the same from the first question on, whatever ran before in
/// the process, and every mistake is reported when the closure is
/// registered:
/// - a typed registration for a selector that is not one of the
///   declaration's stops the program with a message naming the selector
///   and the proxy's methods (such a closure could never run);
/// - a name-based registration throws ``HookError`` for an unknown name, a
///   name declared twice, or a closure of the wrong type.
///
/// Stored properties of other types in `Selectors` are not methods and are
/// ignored. A proxy class that does not adopt the protocol declares no
/// methods: its ``DelegateProxyBase/declaredSelectors`` is empty and it takes
/// no closures.
public protocol SelectorDeclaring: AnyObject {
    /// The type whose stored properties are the proxy's selectors.
    associatedtype Selectors
    /// The proxy's selectors: declare it `static let selectors = Selectors()`.
    static var selectors: Selectors { get }
}

extension DelegateProxyBase {
    /// The methods this proxy class declares (its ``SelectorDeclaring/selectors``),
    /// in declaration order: what `responds(to:)` by name and the name-based
    /// entry points look names up in.
    ///
    /// The same list from the first question on: it is read from the
    /// declaration, not gathered from messages.
    public static var declaredSelectors: [AnyMethodSelector] {
        ProxyDeclarations.declaration(of: self).selectors
    }

    /// The declared selector whose Objective-C name
    /// (``MethodSelector/objCName``) is `objCName`, or nil: how an adapter
    /// that Objective-C calls turns the selector it is asked about in
    /// `responds(to:)` into one of the proxy's methods.
    ///
    /// ```swift
    /// // With `let didProgress = MethodSelector<…>("task(_:didProgress:)", objC: "task:didProgress:")`:
    /// let selector = DownloadProxy.declaredSelector(objCName: "task:didProgress:")
    /// print(selector?.name ?? "not a method of the proxy")   // task(_:didProgress:)
    /// ```
    ///
    /// A dictionary lookup in the declaration, which is read once per proxy
    /// class. If two declared selectors have the same Objective-C name, the
    /// first in declaration order is the one found.
    ///
    /// - Parameter objCName: An Objective-C selector name, such as
    ///   `"task:didProgress:"`.
    /// - Returns: The selector, or nil when the proxy declares no method of
    ///   that Objective-C name.
    public static func declaredSelector(objCName: String) -> AnyMethodSelector? {
        ProxyDeclarations.declaration(of: self).byObjCName[objCName]
    }

    /// Whether `selector` is one of this proxy's declared methods.
    final func declares(_ id: Int) -> Bool {
        ProxyDeclarations.declaration(of: Self.self).ids.contains(id)
    }

    /// Stops the program unless `selector` is one of this proxy's methods:
    /// a closure for any other selector would never run.
    final func requireDeclared<Arguments, Result>(_ selector: MethodSelector<Arguments, Result>) {
        let declaration = ProxyDeclarations.declaration(of: Self.self)
        guard !declaration.ids.contains(selector.id) else { return }
        preconditionFailure("\(Self.self): \(declaration.refusal(of: selector.name, proxy: "\(Self.self)"))")
    }

    /// The debug-build check of a forwarding call: the selector must be one
    /// of the proxy's, and its name the Swift name of the method that
    /// forwards it (`function`). Runs its comparison once per selector and
    /// method; a mismatch is reported through `ForwardingCheck.report`,
    /// which stops the program.
    @usableFromInline @inline(never)
    final func checkForwarding(_ selector: AnyMethodSelector, from function: StaticString) {
        let method = "\(function)"
        guard ForwardingCheck.firstTime(selector.id, method) else { return }
        let declaration = ProxyDeclarations.declaration(of: Self.self)
        guard declaration.ids.contains(selector.id) else {
            ForwardingCheck.report(
                "\(Self.self).\(method): \(declaration.refusal(of: selector.name, proxy: "\(Self.self)"))")
            return
        }
        guard !ForwardingCheck.matches(selector.name, method: method) else { return }
        let own = declaration.selectors.first { ForwardingCheck.matches($0.name, method: method) }
        if let own {
            ForwardingCheck.report(
                "\(Self.self).\(method) forwards the selector \(selector.name), which belongs to the method "
                    + "\(selector.name); \(method) has its own selector, \(own.name). Was `forward` copied from "
                    + "\(selector.name) without changing its selector?")
        } else {
            ForwardingCheck.report(
                "\(Self.self).\(method) forwards the selector named \(selector.name): a selector's name must be the "
                    + "Swift name of the method that forwards it. Rename the selector \"\(method)\", or forward "
                    + "the selector of \(selector.name) from that method.")
        }
    }
}

/// The methods of one proxy class, read once from its declaration.
final class ProxyDeclaration: Sendable {
    /// In declaration order.
    let selectors: [AnyMethodSelector]
    /// The selectors' ids.
    let ids: Set<Int>
    /// The lowest id of the selectors (0 when there are none): a proxy's
    /// closure table keeps the selector with id `i` in its slot `i - base`.
    let base: Int
    /// How many slots a proxy's table needs: from the lowest id to the
    /// highest. The selectors of one declaration are made one after the
    /// other, so their ids are consecutive and the span is their count,
    /// however many selectors the rest of the process makes.
    let span: Int
    /// The selectors by Objective-C name (``MethodSelector/objCName``); a
    /// name declared twice keeps its first selector.
    let byObjCName: [String: AnyMethodSelector]

    init(selectors: [AnyMethodSelector]) {
        self.selectors = selectors
        self.ids = Set(selectors.map(\.id))
        let low = selectors.map(\.id).min() ?? 0
        self.base = low
        self.span = selectors.map(\.id).max().map { $0 - low + 1 } ?? 0
        var byObjCName = [String: AnyMethodSelector]()
        for selector in selectors {
            if let objC = selector.objCName, byObjCName[objC] == nil { byObjCName[objC] = selector }
        }
        self.byObjCName = byObjCName
    }

    /// Why a closure for the selector named `name` is refused.
    func refusal(of name: String, proxy: String) -> String {
        if selectors.isEmpty {
            return "the selector \(name) is not one of \(proxy)'s methods: \(proxy) declares none. Adopt "
                + "SelectorDeclaring and declare each method once, as a stored property of `static let selectors`"
        }
        let sameName = selectors.contains { $0.name == name }
        let list = selectors.map(\.name).joined(separator: ", ")
        let why =
            sameName
            ? "it has the name of one of them but is another selector (each `MethodSelector(...)` makes a new one; "
                + "use the declared one)"
            : "a closure for it would never run"
        return "the selector \(name) is not one of \(proxy)'s methods (\(list)): \(why)"
    }
}

/// The declarations of the proxy classes, each read once.
enum ProxyDeclarations {
    private static let cache = Locked([ObjectIdentifier: ProxyDeclaration]())

    /// The declaration of `proxy`: its ``SelectorDeclaring/selectors``, or
    /// none for a class that does not adopt the protocol.
    static func declaration(of proxy: AnyObject.Type) -> ProxyDeclaration {
        let key = ObjectIdentifier(proxy)
        if let known = cache.withLock({ $0[key] }) { return known }
        // Outside the lock: reading `selectors` may run its initialiser.
        let selectors = (proxy as? any SelectorDeclaring.Type).map { Declarations.selectors(of: $0) } ?? []
        let made = ProxyDeclaration(selectors: selectors)
        return cache.withLock { cache in
            if let known = cache[key] { return known }
            cache[key] = made
            return made
        }
    }
}

/// Reading a declaration value by reflection.
enum Declarations {
    /// The selectors among the stored properties of `type.selectors`.
    static func selectors<Proxy: SelectorDeclaring>(of type: Proxy.Type) -> [AnyMethodSelector] {
        Mirror(reflecting: Proxy.selectors).children.compactMap { ($0.value as? any ErasableSelector)?.erased }
    }
}

/// A selector whose types can be erased (every ``MethodSelector``): how a
/// declaration's stored properties are recognised.
protocol ErasableSelector {
    var erased: AnyMethodSelector { get }
}

extension MethodSelector: ErasableSelector {}

/// The debug-build check that a proxy forwards each selector from the method
/// it names (see ``DelegateProxyBase/forward(_:_:default:function:call:)``).
package enum ForwardingCheck {
    private static let checked = Locked(Set<String>())
    private static let reporter = Locked<@Sendable (String) -> Void>({ message in fatalError(message) })

    /// Reports a forwarding mistake: stops the program with `message`, unless
    /// a test replaced the reporter.
    static func report(_ message: String) {
        reporter.withLock { $0 }(message)
    }

    /// Replaces what a forwarding mistake calls, for tests; returns the
    /// previous reporter.
    ///
    /// - Parameter body: Receives the message naming the selector and the
    ///   method.
    /// - Returns: The reporter that was in place.
    @discardableResult
    package static func setReporter(_ body: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        reporter.withLock { reporter in
            defer { reporter = body }
            return reporter
        }
    }

    /// Whether the pair has not been checked yet; marks it checked.
    static func firstTime(_ id: Int, _ method: String) -> Bool {
        checked.withLock { $0.insert("\(id) \(method)").inserted }
    }

    /// Whether a selector named `name` may be forwarded from `method`: the
    /// same name, or the same name with a `-suffix` that tells overloads
    /// apart (`"urlSession(_:dataTask:didBecome:)-streamTask"`).
    static func matches(_ name: String, method: String) -> Bool {
        name == method || (name.hasPrefix(method) && name.dropFirst(method.count).first == "-")
    }
}
