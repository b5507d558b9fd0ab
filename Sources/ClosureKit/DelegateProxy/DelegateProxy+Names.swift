extension DelegateProxyBase {
    /// Sets the closure that answers the method named `name`: the name-based
    /// counterpart of `implement(_:options:with:)`, for configuration-driven
    /// code.
    ///
    /// ```swift
    /// let token = try proxy.implement("task(_:didProgress:)") {
    ///     (task: DownloadTask, fraction: Double) in print(fraction)
    /// }
    /// ```
    ///
    /// The closure's types are checked at run time against the selector's.
    /// Like every closure registered by name, it is `@Sendable` and of no
    /// actor, whatever the proxy: it runs synchronously on the thread that
    /// sends, so it may receive values that are not `Sendable`.
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as in ``declaredSelectors``.
    ///   - options: ``RegistrationOptions/once`` removes the closure after its first call.
    ///   - body: Called with the message's arguments.
    /// - Returns: The token that removes the closure.
    /// - Throws: ``HookError/unknownName(name:owner:declared:)`` if
    ///   the proxy declares no such method;
    ///   ``HookError/duplicateName(name:owner:signatures:)`` if it declares
    ///   several with that name;
    ///   ``HookError/signatureMismatch(name:owner:position:expected:given:)`` if
    ///   the closure's argument or result type differs from the method's. Both
    ///   name the selector; the second names the expected and given closure
    ///   types.
    public final func implement<Arguments, Result>(
        _ name: String,
        options: RegistrationOptions = [],
        with body: @escaping @Sendable (Arguments) -> Result
    ) throws -> CancellationToken {
        let selector: MethodSelector<Arguments, Result> = try resolve(
            name, at: .instead, expecting: { "(\($0)) -> \($1)" }, given: type(of: body))
        // `@Sendable` and of no actor: sound whatever the values (it runs on
        // the thread that sends).
        return answer(selector, options, Answering(actor: nil, body: body))
    }

    /// Adds a closure at `position` for the method named `name`: the
    /// name-based counterpart of `before(_:options:_:)`,
    /// `after(_:options:_:)` and `instead(_:options:_:)`.
    ///
    /// `body` returns nothing, so `instead` is accepted here only for methods
    /// that return nothing; for the others use `instead(_:options:_:)`,
    /// whose closure returns the result.
    ///
    /// ```swift
    /// for name in ["task(_:didProgress:)", "task(_:didFinish:)"] {
    ///     tokens.append(try proxy.hook(name, at: .before) { (_: Invocation<Any, Any>) in
    ///         analytics.count(name)
    ///     })
    /// }
    /// ```
    ///
    /// A closure that takes `Invocation<Any, Any>` observes any method: its
    /// invocation carries the arguments and result as `Any`, under an erased
    /// selector of the same id and name.
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as in ``declaredSelectors``.
    ///   - position: ``HookPosition/before`` or ``HookPosition/after``.
    ///   - options: ``RegistrationOptions/once`` removes the closure after its first call.
    ///   - body: The hook.
    /// - Returns: The token that removes the closure.
    /// - Throws: ``HookError`` as for `implement(_:options:with:)`;
    ///   a mismatch also when `position` is `instead` and the method returns
    ///   a value.
    public final func hook<Arguments, Result>(
        _ name: String,
        at position: HookPosition,
        options: RegistrationOptions = [],
        _ body: @escaping @Sendable (Invocation<Arguments, Result>) -> Void
    ) throws -> CancellationToken {
        let entry = try Self.declaredSelectors.named(name, owner: Self.self)
        if position != .instead, Arguments.self == Any.self, Result.self == Any.self {
            // Arguments and Result are Any here.
            let observer = body as! @Sendable (Invocation<Any, Any>) -> Void
            return entry.registerErasedObserver(table, position, options, observer)
        }
        let selector: MethodSelector<Arguments, Result> = try resolve(
            name, at: position,
            expecting: { "(Invocation<\($0), \($1)>) -> ()" },
            given: type(of: body))
        if position == .instead, Result.self != Void.self {
            throw HookError.signatureMismatch(
                name: name, owner: "\(Self.self)", position: position,
                expected: "(inout InsteadInvocation<\(entry.argumentsType), \(entry.resultType)>) -> "
                    + "\(entry.resultType)",
                given: "\(type(of: body))")
        }
        // `@Sendable` and of no actor, as every closure registered by name:
        // sound whatever the values (it runs on the thread that sends).
        switch position {
        case .before: return observe(selector, .before, options, body)
        case .after: return observe(selector, .after, options, body)
        case .instead:
            // Result is Void here.
            // The closure cannot proceed: it takes an `Invocation`.
            let answer: @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result = { invocation in
                body(Invocation(selector: invocation.selector, position: .instead, arguments: invocation.arguments))
                return () as! Result
            }
            return register(selector, .instead, options, .instead(Answering(actor: nil, body: answer)))
        }
    }

    /// Adds an `instead` closure that receives an ``InsteadInvocation`` and
    /// returns the result, for the method named `name`: the name-based
    /// counterpart of `instead(_:options:_:)`.
    ///
    /// ```swift
    /// let token = try proxy.instead("taskShouldStart(_:)") {
    ///     (invocation: inout InsteadInvocation<DownloadTask, Bool>) -> Bool in
    ///     invocation.arguments.isOnWiFi && invocation.proceed()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The method's Swift name, as in ``declaredSelectors``.
    ///   - options: ``RegistrationOptions/once`` removes the closure after its first call.
    ///   - body: Returns the message's result; may call
    ///     ``InsteadInvocation/proceed()``.
    /// - Returns: The token that removes the closure.
    /// - Throws: ``HookError`` as for `implement(_:options:with:)`.
    public final func instead<Arguments, Result>(
        _ name: String,
        options: RegistrationOptions = [],
        _ body: @escaping @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    ) throws -> CancellationToken {
        let selector: MethodSelector<Arguments, Result> = try resolve(
            name, at: .instead, expecting: { "(inout InsteadInvocation<\($0), \($1)>) -> \($1)" },
            given: type(of: body))
        return register(selector, .instead, options, .instead(Answering(actor: nil, body: body)))
    }

    /// The selector the proxy declares under `name`, or nil.
    ///
    /// - Parameter name: A method's Swift name.
    public final func selector(named name: String) -> AnyMethodSelector? {
        Self.declaredSelectors.first { $0.name == name }
    }

    // MARK: - Private

    private func resolve<Arguments, Result>(
        _ name: String,
        at position: HookPosition,
        expecting expected: (Any.Type, Any.Type) -> String,
        given: Any.Type
    ) throws(HookError) -> MethodSelector<Arguments, Result> {
        let selector = try Self.declaredSelectors.named(name, owner: Self.self)
        guard selector.matches(Arguments.self, Result.self) else {
            throw .signatureMismatch(
                name: name, owner: "\(Self.self)", position: position,
                expected: expected(selector.argumentsType, selector.resultType),
                given: "\(given)")
        }
        return MethodSelector(unchecked: selector)
    }
}
