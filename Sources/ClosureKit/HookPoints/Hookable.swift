/// A class that declares hook points: methods that callers can hook before,
/// instead of, or after, for every instance or for one.
///
/// Swift has no runtime to swap method implementations, so a type opts in
/// method by method: it declares a ``HookPoint`` per hookable method, lists
/// them in ``hookPoints``, and routes the method's body through the hook
/// point's ``HookPoint/call(_:_:isolation:original:)``:
///
/// ```swift
/// final class Document: Hookable {
///     static let save = HookPoint<Document, String, Bool>("save(to:)")
///     static let hookPoints: [AnyHookPoint] = [save.erased]
///
///     func save(to path: String) -> Bool {
///         Self.save.call(self, path) { document, path in
///             document.write(to: path)   // the original implementation
///         }
///     }
/// }
///
/// let audit = Document.save.before { document, invocation in
///     print("saving to", invocation.arguments)
/// }
/// ```
///
/// The name-based entry points (``hook(_:at:options:_:)-swift.type.method``
/// and ``hook(_:at:options:_:)-swift.method``) find a hook point by its
/// method's Swift name, for configuration-driven use.
public protocol Hookable: AnyObject {
    /// Every hook point the type declares, for the name-based entry points.
    /// A subclass that adds hook points lists its superclass's as well.
    static var hookPoints: [AnyHookPoint] { get }
}

extension Hookable {
    /// Hooks a method of every instance of this type (and of its subclasses)
    /// by the method's Swift name.
    ///
    /// `body` is given as `Any` and checked against the hook point at
    /// registration, never at call time:
    /// - `before` and `after`: `(Self, Invocation<Arguments, Result>) -> Void`;
    /// - `instead`: `(Self, Invocation<Arguments, Result>) -> Result`;
    ///
    /// where `Self` is the type that declared the hook point. Closures must be
    /// `@Sendable`.
    ///
    /// ```swift
    /// let token = try Document.hook("save(to:)", at: .after) {
    ///     (document: Document, invocation: Invocation<String, Bool>) in
    ///     print("saved:", invocation.result!)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as the hook point declares it.
    ///   - position: Where the closure runs.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: The closure, of the type described above.
    /// - Returns: The token that removes the hook.
    /// - Throws: ``HookError/unknownName(name:owner:declared:)`` for a
    ///   name the type does not declare,
    ///   ``HookError/signatureMismatch(name:owner:position:expected:given:)``
    ///   for a closure of the wrong type, and
    ///   ``HookError/positionNotAllowed(name:owner:position:)`` for anything
    ///   but `before` on an end-of-life hook point.
    public static func hook(
        _ name: String,
        at position: HookPosition,
        options: RegistrationOptions = [],
        _ body: Any
    ) throws -> CancellationToken {
        try register(
            name, HookRegistration(position: position, scope: self, instance: nil, options: options, body: body))
    }

    /// Hooks a method of this instance only, by the method's Swift name.
    ///
    /// The same rules as the type-wide
    /// ``hook(_:at:options:_:)-swift.type.method`` apply.
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as the hook point declares it.
    ///   - position: Where the closure runs.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: The closure.
    /// - Returns: The token that removes the hook.
    /// - Throws: A ``HookError`` that names what was wrong.
    public func hook(
        _ name: String,
        at position: HookPosition,
        options: RegistrationOptions = [],
        _ body: Any
    ) throws -> CancellationToken {
        try Self.register(
            name, HookRegistration(position: position, scope: Self.self, instance: self, options: options, body: body))
    }

    private static func register(_ name: String, _ registration: HookRegistration) throws(HookError)
        -> CancellationToken
    {
        let point = try hookPoints.named(name, owner: Self.self)
        guard let register = point.registerHook else {
            // A proxy's selector listed among hook points: it has no hooks of
            // this type to register on.
            throw .unknownName(name: name, owner: "\(Self.self)", declared: hookPoints.map(\.name))
        }
        return try register(registration)
    }
}
