/// The hook point at the end of an instance's life: closures that run while
/// the instance is still whole, just before it ends.
///
/// The Swift counterpart of hooking `dealloc`: the type fires it at the top of
/// its `deinit`, and it takes only `before` hooks (there is nothing left to run
/// after, and nothing may run instead of ending). The name-based entry points
/// know it as `"deinit"` and throw
/// ``HookError/positionNotAllowed(name:owner:position:)`` for any other
/// position, at the registration. Declare it, like the other hook points, as
/// a stored property of the type's ``Hookable/hooks``:
///
/// ```swift
/// final class Connection: Hookable {
///     struct Hooks {
///         let end = EndOfLifeHookPoint<Connection>()
///     }
///     static let hooks = Hooks()
///     let hookStorage = HookStorage()
///     deinit { Self.hooks.end.fire(self) }
/// }
///
/// let token = Connection.hooks.end.before { connection in
///     print("closing", connection.id)
/// }
/// ```
///
/// Hooks must not keep the instance: it is in its deinitialiser.
public final class EndOfLifeHookPoint<Owner: Hookable>: @unchecked Sendable, DeclaredHookPoint {
    private let point: HookPoint<Owner, Void, Void>

    /// Creates the end-of-life hook point of a type.
    public init() {
        point = HookPoint(name: "deinit", positions: [.before])
    }

    var namedHookPoint: any NamedHookPoint { point }

    /// Adds a closure that runs just before an instance ends.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook, or nil for every instance of `type`.
    ///   - type: With no instance, the class whose instances are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance, still whole. It must not keep it.
    ///     The instance is in its deinitialiser and cannot wait for an
    ///     actor, so a hook registered from an actor runs for the instances
    ///     that end on that actor, and is passed over (a `.once` hook stays)
    ///     for the others. On Apple systems before the 26 releases, a hook
    ///     registered from an actor other than the main actor never runs:
    ///     those runtimes cannot tell that an instance ends on such an actor.
    /// - Returns: The token that removes the hook.
    public func before(
        on instance: Owner? = nil,
        for type: Owner.Type = Owner.self,
        options: RegistrationOptions = [],
        @_inheritActorContext _ body: @escaping @isolated(any) @Sendable (Owner) -> Void
    ) -> CancellationToken {
        // The instance is in its deinitialiser: it cannot wait for an actor.
        // Registered from one, the hook runs for instances that end on it.
        point.addAnswering(
            HookBodies<Owner, Void, Void>.instance(IsolatedCall.synchronous(body)), at: .before, on: instance,
            for: type, options: options,
            on: body.isolation)
    }

    /// Runs the hooks. Call it first thing in the type's `deinit`.
    ///
    /// A debug build checks, the first time, that it is called from `deinit`
    /// (see ``HookPoint``'s "Declaration").
    ///
    /// - Parameters:
    ///   - instance: The instance that is ending.
    ///   - function: The calling function's name, which Swift passes for you.
    public func fire(_ instance: Owner, function: StaticString = #function) {
        point.call(instance, (), function: function) { _, _ in }
    }
}
