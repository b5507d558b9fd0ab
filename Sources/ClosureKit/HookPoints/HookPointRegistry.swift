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
struct HookRegistration: @unchecked Sendable {
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

/// The hook points of every type, as they are created, for the name-based
/// entry points: a hook point registers itself with its owner type when it is
/// first created (a `static let` is created the first time it is used), so
/// that nothing lists it a second time.
///
/// A name-based registration for a hook point that has not been created yet
/// waits here, by owner type and name, and is attached when the hook point is
/// created; ``Hookable/unattachedHooks`` lists the ones still waiting, so
/// that a misspelled name is found.
enum HookPointRegistry {
    private struct State {
        /// By owner type; weak, so that a hook point that ends (one that is
        /// not a `static let`) leaves.
        var points: [ObjectIdentifier: [WeakHookPoint]] = [:]
        /// The name-based registrations that wait for their hook point.
        var pending: [PendingHook] = []
        /// The waiting registrations whose hook point refused them when it
        /// was created, by the scope they were made for.
        var refused: [(scope: AnyObject.Type, error: HookError)] = []
    }

    private struct WeakHookPoint {
        weak var point: (any NamedHookPoint)?
    }

    private static let state = Locked(State())

    /// Records a new hook point of `owner`, and attaches the waiting
    /// registrations it takes (its name, for `owner` or a subclass).
    static func add(_ point: any NamedHookPoint, owner: AnyObject.Type) {
        let taken = state.withLock { state -> [PendingHook] in
            state.points[ObjectIdentifier(owner), default: []].removeAll { $0.point == nil }
            state.points[ObjectIdentifier(owner), default: []].append(WeakHookPoint(point: point))
            let taken = state.pending.filter { $0.name == point.name && inherits($0.scope, from: owner) }
            state.pending.removeAll { $0.name == point.name && inherits($0.scope, from: owner) }
            return taken
        }
        for pending in taken {
            if let error = pending.attach(to: point) {
                state.withLock { $0.refused.append((pending.scope, error)) }
                HookPointDiagnostics.report(
                    "The hook registered by name for \(pending.name) of \(pending.scope) was refused when its hook "
                        + "point was created: \(error)")
            }
        }
    }

    /// The hook points of `type` and of its superclasses created so far.
    static func hookPoints(of type: AnyObject.Type) -> [any NamedHookPoint] {
        state.withLock { state in
            var found: [any NamedHookPoint] = []
            var current: AnyClass? = type
            while let candidate = current {
                found += state.points[ObjectIdentifier(candidate), default: []].compactMap(\.point)
                current = _getSuperclass(candidate)
            }
            return found
        }
    }

    /// Registers a closure by name for `scope`: at once when the hook point
    /// exists, otherwise when it is created.
    ///
    /// - Throws: ``HookError/duplicateName(name:owner:signatures:)`` for a
    ///   name two hook points share, and the hook point's own errors.
    static func register(_ name: String, _ registration: HookRegistration) throws(HookError) -> CancellationToken {
        enum Found {
            case point(any NamedHookPoint)
            case waiting(PendingHook)
            case failure(HookError)
        }
        let scope: AnyObject.Type = registration.scope
        let found = state.withLock { state -> Found in
            var matches: [any NamedHookPoint] = []
            var current: AnyClass? = scope
            while let candidate = current {
                matches += state.points[ObjectIdentifier(candidate), default: []].compactMap(\.point)
                    .filter { $0.name == name }
                current = _getSuperclass(candidate)
            }
            if matches.count > 1 {
                return .failure(.duplicateName(name: name, owner: "\(scope)", signatures: matches.map(\.signature)))
            }
            if let point = matches.first { return .point(point) }
            // Not created yet: wait for it, under the same lock as `add`.
            let pending = PendingHook(name: name, registration)
            state.pending.append(pending)
            return .waiting(pending)
        }
        switch found {
        case .failure(let error): throw error
        case .point(let point): return try point.register(registration)
        case .waiting(let pending): return CancellationToken(registration: pending)
        }
    }

    /// Forgets a waiting registration that was cancelled.
    static func remove(_ pending: PendingHook) {
        state.withLock { $0.pending.removeAll { $0 === pending } }
    }

    /// What is wrong with the name-based registrations made for `type` (or
    /// a subclass) that no hook point has taken.
    static func unattached(for type: AnyObject.Type) -> [HookError] {
        let declared = hookPoints(of: type).map(\.name).sorted()
        return state.withLock { state in
            let waiting = state.pending.filter { inherits($0.scope, from: type) }.map {
                HookError.unknownName(name: $0.name, owner: "\($0.scope)", declared: declared)
            }
            return waiting + state.refused.filter { inherits($0.scope, from: type) }.map(\.error)
        }
    }
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

/// A name-based registration waiting for its hook point: its token's record.
final class PendingHook: TokenRegistration, @unchecked Sendable {
    private enum State {
        case waiting
        case attached(CancellationToken)
        case ended
    }

    let name: String
    let scope: AnyObject.Type
    private let position: HookPosition
    private let options: RegistrationOptions
    /// Kept from the registration: the hook runs there once attached.
    private let isolation: (any Actor)?
    private let body: Any
    /// The one instance to hook, held weakly while it waits: a waiting hook
    /// must not keep its instance alive.
    private weak var instance: AnyObject?
    private let hasInstance: Bool

    private let lock = Lock()
    /// Guarded by `lock`.
    private var state = State.waiting

    init(name: String, _ registration: HookRegistration) {
        self.name = name
        self.scope = registration.scope
        self.position = registration.position
        self.options = registration.options
        self.isolation = registration.isolation
        self.body = registration.body
        self.instance = registration.instance
        self.hasInstance = registration.instance != nil
    }

    deinit {
        lock.destroy()
    }

    /// Registers with the hook point just created; returns its error if it
    /// refuses. Under the lock, so that a `cancel()` that returns before or
    /// during it leaves nothing registered.
    func attach(to point: any NamedHookPoint) -> HookError? {
        lock.withLock {
            guard case .waiting = state else { return nil }
            let instance = self.instance
            if hasInstance && instance == nil {
                // The instance ended while its hook waited.
                state = .ended
                return nil
            }
            do throws(HookError) {
                let registration = HookRegistration(
                    position: position, scope: scope, instance: instance, options: options, isolation: isolation,
                    body: body)
                state = .attached(try point.register(registration))
                return nil
            } catch {
                state = .ended
                return error
            }
        }
    }

    func cancelRegistration() -> Bool {
        let (wasWaiting, token) = lock.withLock { () -> (Bool, CancellationToken?) in
            defer { state = .ended }
            switch state {
            case .waiting: return (true, nil)
            case .attached(let token): return (false, token)
            case .ended: return (false, nil)
            }
        }
        if wasWaiting {
            HookPointRegistry.remove(self)
            return true
        }
        return token?.cancel() ?? false
    }
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
