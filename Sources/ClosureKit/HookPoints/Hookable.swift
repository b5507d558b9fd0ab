/// A class that declares hook points: methods that callers can hook before,
/// instead of, or after, for every instance or for one.
///
/// Swift has no runtime to swap method implementations, so a type opts in
/// method by method: it declares a ``HookPoint`` per hookable method, lists
/// them in ``hookPoints``, and routes the method's body through the hook
/// point's ``HookPoint/call(_:_:original:)``:
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
    /// - Throws: ``HookPointError/unknownHookPoint(name:type:declared:)`` for a
    ///   name the type does not declare,
    ///   ``HookPointError/signatureMismatch(hookPoint:position:expected:given:)``
    ///   for a closure of the wrong type, and
    ///   ``HookPointError/positionNotAllowed(hookPoint:position:)`` for anything
    ///   but `before` on an end-of-life hook point.
    public static func hook(
        _ name: String,
        at position: HookPosition,
        options: HookOptions = [],
        _ body: Any
    ) throws -> CancellationToken {
        try hookPoint(named: name).register(position, self, nil, options, body)
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
    /// - Throws: A ``HookPointError`` that names what was wrong.
    public func hook(
        _ name: String,
        at position: HookPosition,
        options: HookOptions = [],
        _ body: Any
    ) throws -> CancellationToken {
        try Self.hookPoint(named: name).register(position, Self.self, self, options, body)
    }

    private static func hookPoint(named name: String) throws -> AnyHookPoint {
        let declared = hookPoints
        guard let point = declared.first(where: { $0.name == name }) else {
            throw HookPointError.unknownHookPoint(
                name: name, type: "\(Self.self)", declared: declared.map(\.name))
        }
        return point
    }
}
