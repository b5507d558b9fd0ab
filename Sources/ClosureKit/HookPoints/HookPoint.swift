/// A hookable method of `Owner`: callers add closures that run before it,
/// instead of it, or after it, for every instance or for one.
///
/// Declare one per hookable method, as a `static let` of the type, and route
/// the method through ``call(_:_:original:)``:
///
/// ```swift
/// final class Uploader: Hookable {
///     static let upload = HookPoint<Uploader, (name: String, bytes: Int), Bool>("upload(name:bytes:)")
///     static let hookPoints: [AnyHookPoint] = [upload.erased]
///
///     func upload(name: String, bytes: Int) -> Bool {
///         Self.upload.call(self, (name, bytes)) { uploader, arguments in
///             uploader.send(arguments.name, arguments.bytes)
///         }
///     }
/// }
///
/// // Every uploader:
/// let log = Uploader.upload.before { uploader, invocation in
///     print("uploading", invocation.arguments.name)
/// }
/// // One uploader: replace the method, calling through when it likes.
/// let dryRun = Uploader.upload.instead(on: uploader) { _, invocation in
///     invocation.arguments.bytes > 1_000_000 ? false : invocation.proceed()
/// }
/// ```
///
/// ## Order
///
/// For one call: type-wide `before` hooks, then the instance's `before` hooks
/// (each in registration order); then the `instead` hooks or, if there are
/// none, the original; then type-wide `after` hooks, then the instance's
/// `after` hooks, which see the result. `instead` hooks form a chain: the
/// instance's newest runs first, then (when it calls
/// ``Invocation/proceed()``) the instance's older ones, then the type-wide
/// ones from newest to oldest, and finally the original. An `instead` hook
/// that does not proceed suppresses everything inside it.
///
/// A type-wide hook registered for `Owner` applies to instances of `Owner`
/// and of its subclasses; one registered `for:` a subclass applies to that
/// subclass and its own subclasses only. Instance hooks end with their
/// instance; removing one instance's hook never touches another's.
///
/// A one-shot `instead` hook counts as used once a call reaches the instead
/// stage, even if a newer `instead` hook does not proceed to it.
///
/// ## Threads
///
/// Hooks may be added and removed from any thread while the method runs on
/// others, with the semantics of ``CancellationToken``. Hooks run on the
/// calling thread, synchronously, with no library lock held.
public final class HookPoint<Owner: AnyObject, Arguments, Result>: @unchecked Sendable {
    /// A `before` or `after` hook: it receives the instance and the call.
    public typealias Observer = @Sendable (Owner, Invocation<Arguments, Result>) -> Void

    /// An `instead` hook: it receives the instance and the call, and returns
    /// the result, calling ``Invocation/proceed()`` to run what it replaced.
    public typealias Replacement = @Sendable (Owner, Invocation<Arguments, Result>) -> Result

    /// The hooked method's selector: its Swift name and types.
    public let selector: MethodSelector<Arguments, Result>

    let positions: Set<HookPosition>
    // Hooks are stored type-erased (`HookPointEntry` is not generic) so that the
    // lists are the library's own, fully specialised `HandlerList<HookPointEntry>`;
    // the inlined call path downcasts each entry's body to its known type.
    @usableFromInline
    let typeWide = HandlerList<HookPointEntry>()
    // Typed as AnyObject so that the no-hooks fast path, which runs in
    // unspecialised generic code, needs no generic metadata look-up.
    @usableFromInline
    let instanceKey: AssociationKey<AnyObject>

    /// Creates the hook point of a method.
    ///
    /// - Parameter name: The method's Swift name, such as `"save(to:)"`: the
    ///   name the name-based entry points look for.
    public convenience init(_ name: String) {
        self.init(name: name, positions: Set(HookPosition.allCases))
    }

    init(name: String, positions: Set<HookPosition>) {
        self.selector = MethodSelector(name)
        self.positions = positions
        self.instanceKey = AssociationKey("hooks of \(name)")
    }

    // MARK: - Registration

    /// Adds a closure that runs before the method.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook, or nil (the default) for every
    ///     instance of `type`.
    ///   - type: With no instance, the class whose instances (and subclasses')
    ///     are hooked: `Owner` unless you name a subclass.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call's arguments.
    /// - Returns: The token that removes the hook.
    public func before(
        on instance: Owner? = nil,
        for type: Owner.Type = Owner.self,
        options: HookOptions = [],
        _ body: @escaping Observer
    ) -> CancellationToken {
        add(HookPointEntry(position: .before, scope: type, body: HookPointBody<Owner, Arguments, Result>(observer: body)), instance: instance, options: options)
    }

    /// Adds a closure that runs after the method and sees its result.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook, or nil for every instance of `type`.
    ///   - type: With no instance, the class whose instances are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Receives the instance and the call, whose
    ///     ``Invocation/result`` is set.
    /// - Returns: The token that removes the hook.
    public func after(
        on instance: Owner? = nil,
        for type: Owner.Type = Owner.self,
        options: HookOptions = [],
        _ body: @escaping Observer
    ) -> CancellationToken {
        add(HookPointEntry(position: .after, scope: type, body: HookPointBody<Owner, Arguments, Result>(observer: body)), instance: instance, options: options)
    }

    /// Adds a closure that runs instead of the method.
    ///
    /// - Parameters:
    ///   - instance: The one instance to hook, or nil for every instance of `type`.
    ///   - type: With no instance, the class whose instances are hooked.
    ///   - options: ``RegistrationOptions/once`` removes the hook after its first run.
    ///   - body: Returns the method's result; ``Invocation/proceed()`` runs
    ///     what it replaced (an older `instead` hook, or the original).
    /// - Returns: The token that removes the hook.
    public func instead(
        on instance: Owner? = nil,
        for type: Owner.Type = Owner.self,
        options: HookOptions = [],
        _ body: @escaping Replacement
    ) -> CancellationToken {
        add(HookPointEntry(position: .instead, scope: type, body: HookPointBody<Owner, Arguments, Result>(replacement: body)), instance: instance, options: options)
    }

    /// The hook point with its types erased, for ``Hookable/hookPoints``.
    public var erased: AnyHookPoint {
        AnyHookPoint(
            name: selector.name,
            signature: "(\(Owner.self), Invocation<\(Arguments.self), \(Result.self)>) -> ()|\(Result.self)",
            register: { [self] position, scope, instance, options, body in
                try self.register(position, scope: scope, instance: instance, options: options, body: body)
            })
    }

    // MARK: - Calling

    /// Runs the hooked method: hooks and the original, in the order the type
    /// documents.
    ///
    /// Call it from the method's body, passing the original implementation.
    ///
    /// - Parameters:
    ///   - instance: The instance the method runs on.
    ///   - arguments: The method's arguments (a tuple for several).
    ///   - original: The method's own implementation.
    /// - Returns: The result of the instead chain or of the original.
    @inlinable
    public func call(
        _ instance: Owner,
        _ arguments: Arguments,
        original: (Owner, Arguments) -> Result
    ) -> Result {
        let instanceHooks = self.instanceHooks(on: instance)
        guard instanceHooks != nil || hasTypeWideHooks else { return original(instance, arguments) }
        return callWithHooks(instance, arguments, instanceHooks, original: original)
    }

    /// The instance's hooks, if it has any: one association read.
    @usableFromInline
    func instanceHooks(on instance: Owner) -> InstanceHooks? {
        guard let hooks = Association.value(for: instanceKey, on: instance) else { return nil }
        let instanceHooks = unsafeDowncast(hooks, to: InstanceHooks.self)
        return instanceHooks.list.isEmpty ? nil : instanceHooks
    }

    /// Whether any type-wide hook is registered (for any class).
    @usableFromInline
    var hasTypeWideHooks: Bool { !typeWide.isEmpty }

    @inlinable
    func callWithHooks(
        _ instance: Owner,
        _ arguments: Arguments,
        _ instanceHooks: InstanceHooks?,
        original: (Owner, Arguments) -> Result
    ) -> Result {
        let dynamicType: AnyObject.Type = type(of: instance)
        typealias Body = HookPointBody<Owner, Arguments, Result>
        // One snapshot of each list serves every stage of the call: a hook
        // removed meanwhile is skipped, one added is not visited.
        let typeWideHooks = HookSnapshot(typeWide: self.typeWide, for: dynamicType)
        let ownHooks = instanceHooks.map { HookSnapshot(instance: $0) }

        // Type-wide observers, then the instance's. Each invocation is built
        // where a hook receives it, so that a call with no hook at a position
        // builds none.
        func runObservers(_ hooks: HookSnapshot?, _ position: HookPosition, result: Result?) {
            hooks?.forEach(position) { entry in
                unsafeDowncast(entry.body, to: Body.self).observer!(
                    instance, Invocation(selector: selector, position: position, arguments: arguments, result: result))
            }
        }

        runObservers(typeWideHooks, .before, result: nil)
        runObservers(ownHooks, .before, result: nil)

        // The instead chain, outermost first: the instance's newest to oldest,
        // then the type-wide newest to oldest.
        var chain: [Replacement] = []
        ownHooks?.forEach(.instead) { entry in
            chain.append(unsafeDowncast(entry.body, to: Body.self).replacement!)
        }
        chain.reverse()
        var typeWideChain: [Replacement] = []
        typeWideHooks.forEach(.instead) { entry in
            typeWideChain.append(unsafeDowncast(entry.body, to: Body.self).replacement!)
        }
        if !typeWideChain.isEmpty { chain += typeWideChain.reversed() }

        let result: Result
        if chain.isEmpty {
            result = original(instance, arguments)
        } else {
            result = withoutActuallyEscaping(original) { original in
                runChain(chain, from: 0, instance: instance, arguments: arguments, original: original)
            }
        }

        runObservers(typeWideHooks, .after, result: result)
        runObservers(ownHooks, .after, result: result)
        return result
    }

    // MARK: - Private

    @usableFromInline
    func runChain(
        _ chain: [Replacement],
        from index: Int,
        instance: Owner,
        arguments: Arguments,
        original: @escaping (Owner, Arguments) -> Result
    ) -> Result {
        guard index < chain.count else { return original(instance, arguments) }
        let invocation = Invocation(
            selector: selector, position: .instead, arguments: arguments,
            next: { [self] in
                self.runChain(chain, from: index + 1, instance: instance, arguments: arguments, original: original)
            })
        return chain[index](instance, invocation)
    }

    private func add(_ hook: HookPointEntry, instance: Owner?, options: HookOptions) -> CancellationToken {
        precondition(
            positions.contains(hook.position),
            "\(selector.name) takes no \(hook.position) hooks")
        guard let instance else {
            return typeWide.add(hook, options: options)
        }
        let hooks = Association.value(for: instanceKey, on: instance) { InstanceHooks() as AnyObject }
        return unsafeDowncast(hooks, to: InstanceHooks.self).list.add(hook, options: options)
    }

    /// The name-based registration: checks the position and the closure's
    /// type, then registers.
    private func register(
        _ position: HookPosition,
        scope: AnyObject.Type,
        instance: AnyObject?,
        options: HookOptions,
        body: Any
    ) throws -> CancellationToken {
        guard positions.contains(position) else {
            throw HookPointError.positionNotAllowed(hookPoint: selector.name, position: position)
        }
        let expected: String
        switch position {
        case .before, .after:
            expected = "(\(Owner.self), Invocation<\(Arguments.self), \(Result.self)>) -> ()"
        case .instead:
            expected = "(\(Owner.self), Invocation<\(Arguments.self), \(Result.self)>) -> \(Result.self)"
        }
        let mismatch = HookPointError.signatureMismatch(
            hookPoint: selector.name, position: position, expected: expected, given: "\(type(of: body))")
        guard let ownerScope = scope as? Owner.Type else { throw mismatch }
        let owner: Owner?
        if let instance {
            guard let typed = instance as? Owner else { throw mismatch }
            owner = typed
        } else {
            owner = nil
        }
        switch position {
        case .before, .after:
            guard let observer = Self.observer(from: body) else { throw mismatch }
            return position == .before
                ? before(on: owner, for: ownerScope, options: options, observer)
                : after(on: owner, for: ownerScope, options: options, observer)
        case .instead:
            guard let replacement = Self.replacement(from: body) else { throw mismatch }
            return instead(on: owner, for: ownerScope, options: options, replacement)
        }
    }

    private static func observer(from body: Any) -> Observer? {
        if let observer = body as? Observer { return observer }
        if let plain = body as? (Owner, Invocation<Arguments, Result>) -> Void {
            // Registration-time conversion of a closure given as `Any`: the
            // caller promised a Sendable closure in the documentation.
            let box = UncheckedSendable(plain)
            return { owner, invocation in box.value(owner, invocation) }
        }
        return nil
    }

    private static func replacement(from body: Any) -> Replacement? {
        if let replacement = body as? Replacement { return replacement }
        if let plain = body as? (Owner, Invocation<Arguments, Result>) -> Result {
            let box = UncheckedSendable(plain)
            return { owner, invocation in box.value(owner, invocation) }
        }
        return nil
    }
}

/// The hooks of one instance for one hook point, kept on the instance through
/// association, so that they end with it. Not generic, so that reading them
/// on the call path, which may run in unspecialised generic code, needs no
/// generic metadata look-up.
@usableFromInline
final class InstanceHooks: @unchecked Sendable {
    @usableFromInline
    let list = HandlerList<HookPointEntry>()
}

/// A value the library vouches is safe to share, for closures that arrive
/// typed as `Any` and were documented to be `@Sendable`.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// One registered hook, its types erased so that hook lists share one
/// specialised `HandlerList<HookPointEntry>`.
@usableFromInline
struct HookPointEntry: @unchecked Sendable {
    @usableFromInline
    let position: HookPosition
    @usableFromInline
    let scope: AnyObject.Type
    /// A `HookPointBody<Owner, Arguments, Result>` of the hook point's types.
    @usableFromInline
    let body: AnyObject

    init(position: HookPosition, scope: AnyObject.Type, body: AnyObject) {
        self.position = position
        self.scope = scope
        self.body = body
    }

    /// Whether this is a hook at `position` that applies to an instance of
    /// `dynamicType`: one whose scope is `dynamicType` or a superclass of it.
    @usableFromInline
    func applies(_ position: HookPosition, to dynamicType: AnyObject.Type) -> Bool {
        guard self.position == position else { return false }
        var current: AnyClass? = dynamicType
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(scope) { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }
}

/// A hook's closure, with its types.
@usableFromInline
final class HookPointBody<Owner: AnyObject, Arguments, Result>: @unchecked Sendable {
    @usableFromInline
    let observer: HookPoint<Owner, Arguments, Result>.Observer?
    @usableFromInline
    let replacement: HookPoint<Owner, Arguments, Result>.Replacement?

    init(observer: @escaping HookPoint<Owner, Arguments, Result>.Observer) {
        self.observer = observer
        self.replacement = nil
    }

    init(replacement: @escaping HookPoint<Owner, Arguments, Result>.Replacement) {
        self.observer = nil
        self.replacement = replacement
    }
}

/// One snapshot of a hook list, taken once per call and dispatched at each
/// stage. Not generic, so that the list's dispatch is the library's
/// specialised code even when the hook point's own types are only known to
/// the caller.
@usableFromInline
struct HookSnapshot {
    /// The list, unretained: its owner outlives the call (the hook point for
    /// the type-wide list; the instance, which the caller holds, for an
    /// instance's list). Hook lists are referenced weakly by their entries,
    /// which gives them a side table and makes every retain of them slow.
    let list: Unmanaged<HandlerList<HookPointEntry>>
    let snapshot: HandlerList<HookPointEntry>.DispatchSnapshot
    /// For type-wide lists, the instance's class, whose hooks (and its
    /// superclasses') apply; nil for an instance's own list.
    let dynamicType: AnyObject.Type?

    @usableFromInline
    init(typeWide list: HandlerList<HookPointEntry>, for dynamicType: AnyObject.Type) {
        self.list = Unmanaged.passUnretained(list)
        self.snapshot = list.dispatchSnapshot()
        self.dynamicType = dynamicType
    }

    @usableFromInline
    init(instance hooks: InstanceHooks) {
        self.list = Unmanaged.passUnretained(hooks.list)
        self.snapshot = hooks.list.dispatchSnapshot()
        self.dynamicType = nil
    }

    /// Calls `body` with each hook of the snapshot at `position` that applies
    /// and is still registered.
    @usableFromInline
    func forEach(_ position: HookPosition, _ body: (HookPointEntry) -> Void) {
        if snapshot.entries.isEmpty { return }
        list._withUnsafeGuaranteedRef { list in
            if let dynamicType {
                list.forEach(in: snapshot, where: { $0.applies(position, to: dynamicType) }, body)
            } else {
                list.forEach(in: snapshot, where: { $0.position == position }, body)
            }
        }
    }
}
