extension DelegateProxy {
    /// The selectors of the protocol that its proxies have met so far, in the
    /// order they met them: what `responds(to:)` by name and the name-based
    /// entry points look names up in.
    ///
    /// A proxy author declares each selector once, as a `static let`, and
    /// lists it nowhere else. A selector becomes one of the protocol's the
    /// first time it is used with a proxy for `Delegate`: its first message
    /// (``forward(_:_:default:function:call:)``), or a typed registration,
    /// `responds(to:)` or `hasHandlers(for:)` call. The table is kept per
    /// protocol (`Delegate`), so every proxy class for the protocol shares it.
    ///
    /// Why on first use, rather than a list each proxy keeps: Swift
    /// initialises a `static let` only when it is first read, so nothing can
    /// enumerate a type's selectors without a second list, which is what
    /// this replaces. What that costs:
    ///
    /// - `responds(to:)` on Apple platforms, where Foundation asks before it
    ///   sends an optional method, is answered by ClosureKitFoundation's
    ///   adapters from their table of Objective-C selector names (the one
    ///   thing about a method that cannot be derived from its Swift name);
    ///   that table holds every method of the protocol and declares all of
    ///   them when the proxy is created, so it is exact before any message.
    /// - The name-based entry points find every method of a ready-made
    ///   Foundation proxy from the start, for the same reason. For a proxy
    ///   of your own, they find a method once its selector has been used,
    ///   typically by its first message; before that, a name throws
    ///   ``HookError/unknownName(name:owner:declared:)``, which lists the
    ///   names met so far.
    public static var declaredSelectors: [AnyMethodSelector] {
        ProxyDeclarations.shared.selectors(of: Delegate.self)
    }

    /// Makes `selector` one of the protocol's, unless it already is; traps
    /// when it cannot be: it is one of another protocol's, which a proxy for
    /// `Delegate` never forwards, or another selector of the protocol has its
    /// name (a selector declared twice, or in a computed `static var`, which
    /// makes a new one on every read). Either way a closure for it would
    /// never run.
    final func declare<Arguments, Result>(_ selector: MethodSelector<Arguments, Result>) {
        let conflict = ProxyDeclarations.shared.declare(selector.id, for: Delegate.self, { selector.erased })
        guard let conflict else { return }
        preconditionFailure("\(Self.self): \(conflict.describe(selector.name, proxy: "\(Self.self)"))")
    }

    /// Makes `selector` one of the protocol's, for a library that knows every
    /// method of it ahead of the first message (ClosureKitFoundation's
    /// adapters, from their tables of Objective-C selectors).
    ///
    /// - Parameter selector: A selector of `Delegate`.
    package static func declare(_ selector: AnyMethodSelector) {
        _ = ProxyDeclarations.shared.declare(selector.id, for: Delegate.self, { selector })
    }

    /// The first message of a selector: makes it one of the protocol's. Kept
    /// out of line; a message reaches it once per proxy and selector.
    @usableFromInline @inline(never)
    final func declareOnFirstMessage(_ selector: AnyMethodSelector) {
        _ = ProxyDeclarations.shared.declare(selector.id, for: Delegate.self, { selector })
    }

    /// The debug-build check of a forwarding call: the selector's name must
    /// be the Swift name of the method that forwards it (`function`). Runs
    /// its comparison once per selector and method; a mismatch is reported
    /// through `ForwardingCheck.report`, which stops the program.
    @usableFromInline @inline(never)
    final func checkForwarding(_ selector: AnyMethodSelector, from function: StaticString) {
        let method = "\(function)"
        guard ForwardingCheck.firstTime(selector.id, method) else { return }
        if let conflict = ProxyDeclarations.shared.declare(selector.id, for: Delegate.self, { selector }) {
            ForwardingCheck.report("\(Self.self).\(method): \(conflict.describe(selector.name, proxy: "\(Self.self)"))")
            return
        }
        guard !ForwardingCheck.matches(selector.name, method: method) else { return }
        let own = Self.declaredSelectors.first { ForwardingCheck.matches($0.name, method: method) }
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

/// The selectors each protocol's proxies have met, and the protocol each
/// selector belongs to. See ``DelegateProxy/declaredSelectors``.
final class ProxyDeclarations: Sendable {
    static let shared = ProxyDeclarations()

    private struct State {
        var selectors: [ObjectIdentifier: [AnyMethodSelector]] = [:]
        /// Selector id → its protocol.
        var owners: [Int: ObjectIdentifier] = [:]
        var names: [ObjectIdentifier: String] = [:]
    }

    /// Why a selector cannot be one of a protocol's.
    enum Conflict: Error {
        /// It was first used with a proxy for another protocol, named here.
        case otherProtocol(String)
        /// Another selector of the protocol has its name.
        case sameName

        func describe(_ name: String, proxy: String) -> String {
            switch self {
            case .otherProtocol(let other):
                "the selector \(name) was first used with a proxy for \(other); \(proxy) never forwards it, so a "
                    + "closure for it would never run here"
            case .sameName:
                "another selector named \(name) is already one of the protocol's; a closure for this one would never "
                    + "run. Declare each selector once, as a `static let` (a computed `static var` makes a new one on "
                    + "every read)"
            }
        }
    }

    private let state = Locked(State())

    func selectors(of delegate: Any.Type) -> [AnyMethodSelector] {
        state.withLock { $0.selectors[ObjectIdentifier(delegate)] ?? [] }
    }

    /// Declares the selector `id` for `delegate`, with `erased` built only the
    /// first time. Returns nil when it is (now) one of `delegate`'s, or why
    /// it cannot be.
    func declare(_ id: Int, for delegate: Any.Type, _ erased: () -> AnyMethodSelector) -> Conflict? {
        let key = ObjectIdentifier(delegate)
        return state.withLock { state in
            if let owner = state.owners[id] {
                return owner == key ? nil : .otherProtocol(state.names[owner] ?? "another protocol")
            }
            let selector = erased()
            if state.selectors[key, default: []].contains(where: { $0.name == selector.name }) { return .sameName }
            state.owners[id] = key
            state.names[key] = "\(delegate)"
            state.selectors[key, default: []].append(selector)
            return nil
        }
    }
}

/// The debug-build check that a proxy forwards each selector from the method
/// it names (see ``DelegateProxy/forward(_:_:default:function:call:)``).
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
