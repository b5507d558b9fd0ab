/// A named unit of registrations (hooks, proxy closures, observations,
/// across several types and objects) installed and uninstalled together:
/// XAspect's aspects, built on the library's tokens.
///
/// The body of ``install(_:in:_:)`` is written with the registrations
/// the library already has; the aspect keeps the ``CancellationToken`` each
/// returns, and ``uninstall()`` cancels them all:
///
/// ```swift
/// try Aspect.install("audit") {
///     Document.hooks.save.before { document, invocation in
///         print("saving to", invocation.arguments)
///     }
///     Document.hooks.save.after(on: draft) { _, invocation in
///         print("draft saved:", invocation.result!)
///     }
/// }
/// // later, anywhere:
/// AspectRegistry.shared.uninstall(named: "audit")
/// ```
///
/// An aspect is not a second mechanism: its hooks are the hook points' hooks,
/// its proxy closures the proxy's, its observations the observed object's.
/// So a call pays for the hooks it runs and nothing for the aspect.
///
/// ## Rules
///
/// - **Names.** An aspect's name is unique in its ``AspectRegistry``:
///   installing a second aspect of a name in use throws
///   ``AspectError/nameInUse(_:)``, before the body runs. The registry lists
///   the installed aspects by name, in installation order.
/// - **Uninstalling** cancels every token the aspect collected, and nothing
///   else: registrations made outside the aspect, or by another aspect, on
///   the same methods and objects stay.
/// - **Order.** Aspects on the same method compose in installation order, as
///   registrations do: `before` and `after` hooks of an aspect installed
///   earlier run first, and an `instead` hook of an aspect installed later
///   wraps those installed earlier (it runs first, and
///   ``InsteadInvocation/proceed()`` reaches them).
/// - **Isolation.** The body runs once, synchronously, where `install` is
///   called; every registration in it takes the caller's isolation, as it
///   would outside an aspect (see the Isolation article). A `@MainActor`
///   model that installs an aspect gets hooks that run on the main actor.
/// - **Failure.** When the body throws (a name-based hook whose closure
///   does not fit its method, say), the registrations it had made are
///   cancelled, the name is free again, and `install` rethrows the error.
///
/// ## Threads
///
/// ``uninstall()`` may be called from any thread, also while the aspect's
/// hooks run on others. A call that starts after `uninstall()` has returned
/// runs none of the aspect's hooks; a call already running may still run
/// those it had reached (the rule of ``CancellationToken/cancel()``, applied
/// to each token). Uninstalling from inside one of the aspect's own hooks
/// takes effect at once on that thread.
///
/// ## Lifetime
///
/// The registry keeps an installed aspect: dropping the returned `Aspect`
/// does not uninstall it (unlike a token). A registry that ends uninstalls
/// its aspects. A per-instance registration in an aspect still ends with its
/// instance, as it would outside one.
public final class Aspect: Hashable, Sendable, CustomStringConvertible {
    /// The aspect's name, unique in its registry while it is installed.
    public let name: String

    /// What uninstalling cancels: the tokens of the aspect's registrations.
    let tokens = TokenGroup()

    /// The registry that lists the aspect, held weakly: it ends the aspect
    /// when it ends. (A closure rather than `weak let`, which needs Swift 6.2.)
    private let listing: @Sendable () -> AspectRegistry?

    private init(name: String, registry: AspectRegistry) {
        self.name = name
        self.listing = { [weak registry] in registry }
    }

    private var registry: AspectRegistry? { listing() }

    /// Installs an aspect: runs `body`, whose registrations make up the
    /// aspect, and lists it in `registry` under `name`.
    ///
    /// ```swift
    /// @MainActor
    /// final class SaveCounter {
    ///     var saves = 0
    ///     let document = Document()
    ///
    ///     func start() throws {
    ///         try Aspect.install("save counter") {
    ///             Document.hooks.save.after(on: self.document) { [weak self] _, _ in
    ///                 self?.saves += 1                      // on the main actor
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The name is checked first: a name in use throws before `body` runs.
    /// Then `body` runs, synchronously, in the caller's isolation; each
    /// registration in it is live as soon as it is made. If `body` throws, the
    /// registrations it made are cancelled and the name is released.
    ///
    /// - Parameters:
    ///   - name: The aspect's name: not empty, and not the name of an aspect
    ///     installed in `registry`.
    ///   - registry: Where the aspect is listed; ``AspectRegistry/shared``
    ///     unless given.
    ///   - body: The aspect's registrations, one per line (see
    ///     ``AspectBuilder``).
    /// - Returns: The installed aspect. The registry keeps it, so the result
    ///   may be dropped; ``uninstall()`` or
    ///   ``AspectRegistry/uninstall(named:)`` removes it.
    /// - Throws: ``AspectError/nameInUse(_:)`` when `registry` already holds
    ///   an aspect named `name`, ``AspectError/emptyName`` for an empty name,
    ///   and whatever `body` throws (a ``HookError`` from a name-based hook).
    @discardableResult
    public static func install(
        _ name: String,
        in registry: AspectRegistry = .shared,
        @AspectBuilder _ body: () throws -> [CancellationToken]
    ) throws -> Aspect {
        let aspect = Aspect(name: name, registry: registry)
        try registry.list(aspect)
        do {
            try aspect.add(body)
        } catch {
            aspect.uninstall()
            throw error
        }
        return aspect
    }

    /// Adds registrations to the installed aspect: they are uninstalled with
    /// it.
    ///
    /// Use it for what appears after installation, such as an object
    /// created later that the aspect hooks on its own:
    ///
    /// ```swift
    /// let audit = try Aspect.install("audit") {}
    /// audit.add {
    ///     Document.hooks.save.before(on: draft) { _, _ in print("saving the draft") }
    /// }
    /// ```
    ///
    /// A registration added once the aspect is uninstalled is cancelled at
    /// once. The aspect keeps each registration's token until it is
    /// uninstalled, also once the registration has ended on its own (a
    /// one-shot hook that ran, an instance that ended): an aspect that hooks
    /// many short-lived objects keeps a token for each.
    ///
    /// - Parameter body: The registrations, as in ``install(_:in:_:)``.
    /// - Throws: What `body` throws; the registrations it had made are then
    ///   cancelled, and the aspect keeps those it had before.
    public func add(@AspectBuilder _ body: () throws -> [CancellationToken]) rethrows {
        for token in try body() {
            tokens.add(token)
        }
    }

    /// Whether the aspect is listed in its registry.
    public var isInstalled: Bool {
        registry?.contains(self) ?? false
    }

    /// Uninstalls the aspect: cancels every registration it made and removes
    /// it from its registry, whose name is then free.
    ///
    /// Thread-safe: see the type's "Threads" section.
    ///
    /// - Returns: Whether this call uninstalled it; `false` if it was already
    ///   uninstalled.
    @discardableResult
    public func uninstall() -> Bool {
        guard registry?.unlist(self) ?? false else { return false }
        tokens.end()
        return true
    }

    /// The aspect's name, quoted.
    public var description: String {
        "aspect \"\(name)\""
    }

    /// Aspects are equal only to themselves.
    public static func == (lhs: Aspect, rhs: Aspect) -> Bool {
        lhs === rhs
    }

    /// Hashes the aspect's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
