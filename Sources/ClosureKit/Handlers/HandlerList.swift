/// An ordered, thread-safe list of handlers: the list form of the one
/// handler engine (`HandlerCore`) behind the sets of closures ClosureKit
/// dispatches. Control events keep their handlers in one, and an observed
/// object its observations; delegate proxies, hook points and a property's
/// observers use the engine's cores directly, under the same rules.
///
/// ``add(_:options:)`` returns a ``CancellationToken``; cancelling or releasing
/// the token removes the handler and releases it (and everything it captured)
/// at once. ``forEach(_:)`` dispatches: it takes a snapshot of the handlers
/// under the lock, releases the lock, then, for each handler, checks that it is
/// still registered and calls it. So:
///
/// - handlers run in registration order;
/// - a handler may add or remove handlers, itself included, while it runs;
/// - a handler removed during a dispatch does not run later in that dispatch;
/// - a handler added during a dispatch runs from the next dispatch on;
/// - a one-shot handler (``RegistrationOptions/once``) runs exactly once, even
///   when several threads dispatch at the same time;
/// - no handler is called while the list's lock is held;
/// - when the list ends, every handler is released and the tokens' `cancel()`
///   returns `false`.
///
/// Internal: users meet it through the features built on it, which is why
/// their rules are the same everywhere.
///
/// - Complexity: ``add(_:options:)`` is amortised O(1); removal is O(*n*) in
///   the number of handlers; a dispatch is O(*n*).
final class HandlerList<Element> {
    let core: HandlerCore<Element>

    /// Creates an empty list.
    init() {
        core = HandlerCore()
    }

    /// A list in `group`, sharing its lock with other lists of the same owner.
    init(sharing group: HandlerGroup) {
        core = HandlerCore(group: group)
    }

    deinit {
        // Entries hold the core; removing them breaks that cycle and releases
        // every handler, so that a token kept after the list ended releases
        // nothing late.
        core.removeAll()
    }

    /// Adds a handler at the end of the list.
    ///
    /// - Parameters:
    ///   - element: The handler, usually a closure.
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first call.
    /// - Returns: The token that removes the handler.
    func add(_ element: Element, options: RegistrationOptions = []) -> CancellationToken {
        core.add(element, once: options.contains(.once))
    }

    /// Calls `body` with each registered handler, in registration order.
    ///
    /// `body` runs with no lock held. A handler removed before its turn (by an
    /// earlier handler, by another thread, or by a one-shot handler having run
    /// elsewhere) is skipped; one added during the dispatch is not visited.
    ///
    /// - Parameter body: Calls one handler.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        try core.dispatch()?.forEach(body)
    }

    /// Dispatches to the handlers for which `matches` holds. `matches` may run
    /// under the list's lock, so it must be library code that only reads the
    /// element (an event-mask test), never a user closure. A one-shot handler
    /// that does not match stays registered.
    func forEach(where matches: (Element) -> Bool, _ body: (Element) throws -> Void) rethrows {
        try core.dispatch()?.forEach(where: matches, body)
    }

    /// The number of registered handlers.
    var count: Int { core.count }

    /// Whether no handler is registered.
    var isEmpty: Bool { core.count == 0 }

    /// Removes every handler. Their tokens' `cancel()` then returns `false`.
    func removeAll() {
        core.removeAll()
    }

    /// Removes the handlers for which `matches` holds; `matches` runs under
    /// the lock: library code only.
    ///
    /// - Returns: How many handlers were removed.
    @discardableResult
    func removeAll(where matches: (Element) -> Bool) -> Int {
        core.removeAll(where: matches)
    }

    /// Whether a handler satisfies `matches`, which runs under the lock:
    /// library code only.
    func contains(where matches: (Element) -> Bool) -> Bool {
        core.contains(where: matches)
    }

    /// Copies of the registered handlers, in order, for library code that
    /// must see them all at once.
    func snapshot() -> [Element] {
        core.elements()
    }
}

extension HandlerList: @unchecked Sendable where Element: Sendable {}
