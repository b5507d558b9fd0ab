/// A hook point as the name-based entry points know it: its name, its
/// signature, and a registration that checks a closure given as `Any`.
protocol NamedHookPoint: AnyObject, Sendable {
    /// The method's Swift name.
    var name: String { get }
    /// The method's signature, for the error of a name declared twice.
    var signature: String { get }
    /// Registers a closure given as `Any`, checking its type.
    func register(_ registration: HookRegistration) throws(HookError) -> CancellationToken
}

/// A name-based hook registration, as a hook point receives it.
struct HookRegistration {
    let position: HookPosition
    /// The class whose instances (and subclasses') are hooked.
    let scope: AnyObject.Type
    /// The one instance to hook, or nil.
    let instance: AnyObject?
    let options: RegistrationOptions
    /// The isolation of the code that registered it, where the closure runs.
    let isolation: (any Actor)?
    /// The closure, checked against the hook point's signature.
    let body: Any
}

/// The hook points each ``Hookable`` type declares, read once per type from
/// its ``Hookable/hooks`` by reflection: what the name-based entry points
/// look names up in. Nothing registers itself and nothing waits: the first
/// name-based registration for a type reads its declaration, so every
/// mistake is found at that registration, whatever ran before.
enum HookDeclarations {
    private static let cache = Locked([ObjectIdentifier: [any NamedHookPoint]]())

    /// The hook points `Owner` declares, in declaration order.
    static func hookPoints<Owner: Hookable>(of owner: Owner.Type) -> [any NamedHookPoint] {
        // Keyed by the declaration's type: a subclass shares its class's.
        let key = ObjectIdentifier(Owner.Hooks.self)
        if let known = cache.withLock({ $0[key] }) { return known }
        // Outside the lock: reading `hooks` may run its initialiser.
        func read() -> [any NamedHookPoint] {
            Mirror(reflecting: Owner.hooks).children.compactMap {
                ($0.value as? any DeclaredHookPoint)?.namedHookPoint
            }
        }
        let points = read()
        // A computed `hooks` hands out new hook points at each read: calls
        // and registrations would then never meet.
        precondition(zip(points, read()).allSatisfy { $0 === $1 }, computedHooksMessage(Owner.self))
        return cache.withLock { cache in
            if let known = cache[key] { return known }
            cache[key] = points
            return points
        }
    }

    /// The message of a `hooks` that is computed rather than stored.
    static func computedHooksMessage<Owner: Hookable>(_ owner: Owner.Type) -> String {
        "ClosureKit: \(owner).hooks returns new hook points at each access, so the method's calls and the "
            + "registrations would use different ones and hooks would never run. Declare it as a stored "
            + "property: `static let hooks = Hooks()`."
    }

    /// The one hook point `Owner` declares under `name`.
    ///
    /// - Throws: ``HookError/unknownName(name:owner:declared:)`` listing
    ///   the declared names, or ``HookError/duplicateName(name:owner:signatures:)``.
    static func hookPoint<Owner: Hookable>(named name: String, of owner: Owner.Type) throws(HookError)
        -> any NamedHookPoint
    {
        let points = hookPoints(of: owner)
        let matches = points.filter { $0.name == name }
        guard let first = matches.first else {
            throw .unknownName(name: name, owner: "\(owner)", declared: points.map(\.name))
        }
        guard matches.count == 1 else {
            throw .duplicateName(name: name, owner: "\(owner)", signatures: matches.map(\.signature))
        }
        return first
    }
}

/// A stored property of a ``Hookable/hooks`` declaration that is a hook
/// point (``HookPoint``, ``EndOfLifeHookPoint``).
protocol DeclaredHookPoint {
    var namedHookPoint: any NamedHookPoint { get }
}

/// Whether `type` is `base` or one of its subclasses.
@usableFromInline
func inherits(_ type: AnyObject.Type, from base: AnyObject.Type) -> Bool {
    var current: AnyClass? = type
    while let candidate = current {
        if candidate == base { return true }
        current = _getSuperclass(candidate)
    }
    return false
}

/// Where hook points report a mistake in their declaration, found in a debug
/// build the first time the method runs: a hook point called from another
/// method than the one it is named after. Traps by default, with the message;
/// tests replace it.
enum HookPointDiagnostics {
    private static let reporter = Locked<@Sendable (String) -> Void>({ message in
        assertionFailure(message)
    })

    /// Reports `message`.
    static func report(_ message: String) {
        let report = reporter.withLock { $0 }
        report(message)
    }

    /// Replaces the reporter, and returns the one it replaced.
    static func replaceReporter(_ reporter: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        self.reporter.withLock { current in
            defer { current = reporter }
            return current
        }
    }
}
