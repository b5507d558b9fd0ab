/// A class that declares hook points: methods that callers can hook before,
/// instead of, or after, for every instance or for one.
///
/// Swift has no runtime to swap method implementations, so a type opts in
/// method by method. It declares its hook points once, as the stored
/// properties of one value, ``hooks``, and routes each hookable method's
/// body through its hook point's
/// ``HookPoint/call(_:_:isolation:function:original:)``. The one stored
/// instance property, ``hookStorage``, keeps the instance's own hooks:
///
/// ```swift
/// final class Document: Hookable {
///     struct Hooks {
///         let save = HookPoint<Document, String, Bool>("save(to:)")
///     }
///     static let hooks = Hooks()
///     let hookStorage = HookStorage()
///
///     func save(to path: String) -> Bool {
///         Self.hooks.save.call(self, path) { document, path in
///             document.write(to: path)   // the original implementation
///         }
///     }
/// }
///
/// let audit = Document.hooks.save.before { document, invocation in
///     print("saving to", invocation.arguments)
/// }
/// ```
///
/// The library reads ``hooks`` once per type, by reflection (`Mirror`), the
/// first time a hook is registered by name, so the name-based entry points
/// (``hook(_:at:options:isolation:_:)-swift.type.method`` and
/// ``hook(_:at:options:isolation:_:)-swift.method``) know every hook point of
/// the type before any of its methods has run, and report every mistake at
/// the registration. Stored properties of `Hooks` that are not hook points
/// are ignored. A subclass shares its class's hook points: declare them on
/// the class that adopts `Hookable`.
///
/// In a debug build, the first call from each method checks that the method
/// calling a hook point is the one it is named after (see ``HookPoint``'s
/// "Declaration").
public protocol Hookable: AnyObject {
    /// The type whose stored properties are the type's hook points.
    associatedtype Hooks

    /// The type's hook points: declare it `static let hooks = Hooks()`
    /// (`nonisolated static let` in a `@MainActor` type).
    static var hooks: Hooks { get }

    /// The instance's own hooks: declare it as
    /// `let hookStorage = HookStorage()`, one per instance (also in a
    /// `@MainActor` type: a `let` of a `Sendable` type needs no
    /// `nonisolated`).
    var hookStorage: HookStorage { get }
}

extension Hookable {
    /// Hooks a method of every instance of this type (and of its subclasses)
    /// by the method's Swift name.
    ///
    /// `body` is given as `Any` and checked against the hook point at
    /// registration, never at call time:
    /// - `before`: `(Self, Invocation<Arguments, Result>) -> Void`, or
    ///   `(Invocation<Any, Any>) -> Void`, which fits any method;
    /// - `after`: either of those, or `(Self, Invocation<Arguments, Result>) -> Result`
    ///   to replace the result (see `replaceResult(on:for:options:_:)`);
    /// - `instead`: `(Self, inout InsteadInvocation<Arguments, Result>) -> Result`;
    ///
    /// where `Self` is the type that declared the hook point.
    ///
    /// The closure runs where the code that registers it runs, as with the
    /// typed `before`, `after`, `instead` and `replaceResult(on:for:options:_:)`
    /// (see the Isolation article): a closure written in a `@MainActor` type
    /// or function is checked by Swift as main-actor code, but its type as
    /// `Any` no longer says so (it is a plain function type), so the actor
    /// comes from `isolation`, and no run-time check can tell whether the
    /// values it receives are `Sendable`. Hooked from nonisolated code, only a
    /// `@Sendable` closure is taken, and it runs on the calling thread. Hooked
    /// from an actor (the main actor, say), a hook for every instance throws
    /// ``HookError/valuesCannotCross(name:owner:position:actor:)``: hook one
    /// instance instead (``hook(_:at:options:isolation:_:)-swift.method``),
    /// whose closure joins the instance's region and runs during each call,
    /// on that actor. The rule depends on where the hook is registered, not on
    /// the closure's annotations: a closure marked `@MainActor` (whose type
    /// carries the actor) does not match the hook point's signature.
    ///
    /// From a main-actor model, hooking the instance it keeps, and capturing
    /// itself weakly (its tokens keep the closure, so a strong `self` would
    /// keep the model alive for good):
    ///
    /// ```swift
    /// @MainActor
    /// final class SaveLog {
    ///     var saved: [String] = []
    ///     var tokens = Set<CancellationToken>()
    ///     let document = Document()
    ///
    ///     func start() throws {
    ///         try document.hook("save(to:)", at: .after) {
    ///             [weak self] (_: Document, invocation: Invocation<String, Bool>) in
    ///             self?.saved.append(invocation.arguments)   // main-actor state, on the main actor
    ///         }.store(in: &tokens)
    ///     }
    /// }
    /// ```
    ///
    /// ```swift
    /// let token = try Document.hook("save(to:)", at: .after) {
    ///     (document: Document, invocation: Invocation<String, Bool>) in
    ///     print("saved:", invocation.result!)
    /// }
    /// ```
    ///
    /// Every mistake is reported here, by a thrown ``HookError`` that names
    /// the type and the method, before or after the type is first used: an
    /// unknown or misspelled name (the error lists the declared ones), a
    /// closure of the wrong type (the error names the expected and the given
    /// type), a position the hook point does not take (anything but `before`
    /// on the end-of-life hook point, `"deinit"`).
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as the hook point declares it.
    ///   - position: Where the closure runs.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The caller's actor, which Swift passes for you: the closure,
    ///     given as `Any`, no longer says where it was written. From an actor
    ///     the registration throws (hook one instance instead); from
    ///     nonisolated code only a `@Sendable` closure is taken.
    ///   - body: The closure, of the type described above.
    /// - Returns: The token that removes the hook.
    /// - Throws: ``HookError/unknownName(name:owner:declared:)`` for a name
    ///   the type does not declare,
    ///   ``HookError/signatureMismatch(name:owner:position:expected:given:)``
    ///   for a closure of the wrong type,
    ///   ``HookError/positionNotAllowed(name:owner:position:)`` for anything
    ///   but `before` on an end-of-life hook point,
    ///   ``HookError/duplicateName(name:owner:signatures:)`` for a name two
    ///   hook points of the type share, and
    ///   ``HookError/valuesCannotCross(name:owner:position:actor:)`` when
    ///   registered from an actor.
    public static func hook(
        _ name: String,
        at position: HookPosition,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: Any
    ) throws -> CancellationToken {
        let registration = HookRegistration(
            position: position, scope: self, instance: nil, options: options, isolation: isolation,
            body: body)
        return try register(name, registration)
    }

    /// Hooks a method of this instance only, by the method's Swift name.
    ///
    /// The same rules as the type-wide
    /// ``hook(_:at:options:isolation:_:)-swift.type.method`` apply.
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as the hook point declares it.
    ///   - position: Where the closure runs.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - isolation: The caller's actor, which Swift passes for you: the closure,
    ///     given as `Any`, no longer says where it was written. From an actor a
    ///     plain closure is taken: it joins this instance's region and runs
    ///     synchronously during each call, on that actor. From nonisolated
    ///     code only a `@Sendable` one.
    ///   - body: The closure.
    /// - Returns: The token that removes the hook.
    /// - Throws: A ``HookError`` that names what was wrong.
    public func hook(
        _ name: String,
        at position: HookPosition,
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: Any
    ) throws -> CancellationToken {
        let registration = HookRegistration(
            position: position, scope: Self.self, instance: self, options: options, isolation: isolation,
            body: body)
        return try Self.register(name, registration)
    }

    private static func register(_ name: String, _ registration: HookRegistration) throws(HookError)
        -> CancellationToken
    {
        try HookDeclarations.hookPoint(named: name, of: self).register(registration)
    }
}
