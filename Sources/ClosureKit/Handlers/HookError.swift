/// Why a name-based registration failed, on a delegate proxy or a hook point:
/// one error family, with the same case for the same mistake in both places.
///
/// ```swift
/// do {
///     _ = try proxy.hook("task(_:didFinish:)", at: .after) { (invocation: Invocation<Any, Any>) in
///         print(invocation.arguments)
///     }
/// } catch let error as HookError {
///     print(error)   // names the method, the owner and what was wrong
/// }
/// ```
public enum HookError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No method of that name is declared.
    ///
    /// - Parameters:
    ///   - name: The name asked for.
    ///   - owner: The proxy or hookable type asked.
    ///   - declared: The names it declares.
    case unknownName(name: String, owner: String, declared: [String])

    /// Two or more declared methods share the name, so the name does not say
    /// which one is meant.
    ///
    /// - Parameters:
    ///   - name: The shared name.
    ///   - owner: The proxy or hookable type.
    ///   - signatures: The signature of each method declared with the name.
    case duplicateName(name: String, owner: String, signatures: [String])

    /// The closure's type does not fit the method's signature at that position.
    ///
    /// - Parameters:
    ///   - name: The method's name.
    ///   - owner: The proxy or hookable type.
    ///   - position: Where the closure was to run.
    ///   - expected: The closure type the method takes there.
    ///   - given: The closure type given.
    case signatureMismatch(name: String, owner: String, position: HookPosition, expected: String, given: String)

    /// The method takes no closures at that position (an end-of-life hook
    /// point takes only `before` hooks).
    ///
    /// - Parameters:
    ///   - name: The method's name.
    ///   - owner: The hookable type.
    ///   - position: The position asked for.
    case positionNotAllowed(name: String, owner: String, position: HookPosition)

    /// A closure registered by name from an actor for every instance: given
    /// as `Any`, its values cannot be checked for `Sendable`, so it could
    /// not be handed a call made elsewhere.
    ///
    /// - Parameters:
    ///   - name: The method's name.
    ///   - owner: The hookable type.
    ///   - position: Where the closure was to run.
    ///   - actor: The actor it was registered from.
    case valuesCannotCross(name: String, owner: String, position: HookPosition, actor: String)

    /// A sentence that names what was wrong.
    public var description: String {
        switch self {
        case .unknownName(let name, let owner, let declared):
            let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
            return "\(owner) declares no method named \(name); it declares: \(list)"
        case .duplicateName(let name, let owner, let signatures):
            return
                "\(owner) declares \(signatures.count) methods named \(name) "
                + "(\(signatures.joined(separator: " and "))); "
                + "give each a distinct name"
        case .signatureMismatch(let name, let owner, let position, let expected, let given):
            return
                "closure type mismatch for the \(position) closure of \(name) of \(owner): expected \(expected), "
                + "given \(given)" + Self.hint(expected: expected, given: given)
        case .positionNotAllowed(let name, let owner, let position):
            return "\(name) of \(owner) takes only before closures, not \(position)"
        case .valuesCannotCross(let name, let owner, let position, let actor):
            return "\(withArticle(position.description)) hook of \(name) for every \(owner), registered by name "
                + "from \(actor), would "
                + "receive values that Swift cannot check for Sendable: use the typed hook point (whose values "
                + "the compiler checks), hook one instance by name (the closure then joins its region), or "
                + "register from nonisolated code with a @Sendable closure"
        }
    }

    /// The global actor attribute a closure's type begins with
    /// (`@MainActor`, `@DatabaseActor`), or nil: any attribute but the
    /// ones that say nothing of an actor.
    private static func globalActorAttribute(in type: String) -> String? {
        let notActors: Set<Substring> = ["Sendable", "escaping", "autoclosure", "convention", "isolated", "noescape"]
        var rest = type[...]
        while let at = rest.firstIndex(of: "@") {
            let name = rest[rest.index(after: at)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty && !notActors.contains(name) { return "@" + name }
            rest = rest[rest.index(after: at)...]
        }
        return nil
    }

    /// What to add to a closure whose type differs from the expected one
    /// only in its isolation, or "" when it differs in more.
    private static func hint(expected: String, given: String) -> String {
        if let actor = globalActorAttribute(in: given) ?? (given.contains("isolated") ? "an actor" : nil) {
            return "; a closure marked with \(actor) does not fit: drop the annotation and register from that "
                + "actor's code, which Swift checks as the actor's"
        }
        if expected.contains("@Sendable") && !given.contains("@Sendable")
            && expected.replacingSendable().contains(given)
        {
            return "; add @Sendable to the closure: registered from nonisolated code, it runs on every calling "
                + "thread (or register it from an actor, where a plain closure is taken)"
        }
        return ""
    }
}

/// `word` with its indefinite article: "a before", "an after", "an instead".
func withArticle(_ word: String) -> String {
    guard let first = word.first?.lowercased() else { return word }
    return ("aeiou".contains(first) ? "an " : "a ") + word
}

extension [AnyMethodSelector] {
    /// The one method declared with `name`, for the name-based entry points
    /// of proxies and hook points alike.
    ///
    /// - Throws: ``HookError/unknownName(name:owner:declared:)`` or
    ///   ``HookError/duplicateName(name:owner:signatures:)``.
    func named(_ name: String, owner: Any.Type) throws(HookError) -> AnyMethodSelector {
        let matches = filter { $0.name == name }
        guard let first = matches.first else {
            throw .unknownName(name: name, owner: "\(owner)", declared: map(\.name))
        }
        guard matches.count == 1 else {
            throw .duplicateName(name: name, owner: "\(owner)", signatures: matches.map(\.signature))
        }
        return first
    }
}

extension String {
    /// The string without `@Sendable ` markers, for ``HookError``'s hints.
    fileprivate func replacingSendable() -> String {
        split(separator: "@Sendable ", omittingEmptySubsequences: false).joined()
    }
}
