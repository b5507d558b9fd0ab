/// An ordered, thread-safe list of handlers: the one mechanism behind every
/// set of closures in ClosureKit (proxy hooks, observers, control events,
/// end-of-life callbacks).
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
/// - no handler is called while the list's lock is held.
///
/// ```swift
/// let list = HandlerList<@Sendable (Int) -> Void>()
/// let token = list.add { print("got", $0) }
/// list.forEach { $0(42) }   // prints "got 42"
/// token.cancel()
/// ```
///
/// - Complexity: ``add(_:options:)`` is amortised O(1); removal is O(*n*) in
///   the number of handlers; a dispatch is O(*n*).
public final class HandlerList<Element> {
    /// One registration. Its fields are guarded by the owning list's lock.
    final class Entry: TokenRegistration, @unchecked Sendable {
        var element: Element?
        let once: Bool
        weak var list: HandlerList<Element>?

        init(element: Element, once: Bool, list: HandlerList<Element>) {
            self.element = element
            self.once = once
            self.list = list
        }

        func cancelRegistration() -> Bool {
            guard let list else { return false }
            let removed = list.lock.withLock { list.detach(self) }
            // `removed` (the handler and its captures) is released here, after
            // the lock, because releasing may run arbitrary deinit code.
            return removed != nil
        }
    }

    // A stripe of the shared pool rather than a lock of its own: a list costs
    // one allocation less, and lists are created for every object with
    // handlers. The list never calls out while holding it, so sharing a stripe
    // cannot deadlock.
    private var lock: LockPrimitive { LockPool.lock(for: self) }
    private var entries: ContiguousArray<Entry> = []

    /// Creates an empty list.
    public init() {}

    deinit {
        // Entries outlive the list only inside tokens; clear them so that a
        // token kept after the list ended releases nothing late.
        for entry in entries { entry.element = nil }
    }

    /// Adds a handler at the end of the list.
    ///
    /// - Parameters:
    ///   - element: The handler, usually a closure.
    ///   - options: ``RegistrationOptions/once`` removes the handler after its
    ///     first call.
    /// - Returns: The token that removes the handler.
    public func add(_ element: Element, options: RegistrationOptions = []) -> CancellationToken {
        let entry = Entry(element: element, once: options.contains(.once), list: self)
        lock.withLock { entries.append(entry) }
        return CancellationToken(registration: entry)
    }

    /// Calls `body` with each registered handler, in registration order.
    ///
    /// `body` runs with no lock held. A handler removed before its turn (by an
    /// earlier handler, by another thread, or by a one-shot handler having run
    /// elsewhere) is skipped; one added during the dispatch is not visited.
    ///
    /// - Parameter body: Calls one handler.
    public func forEach(_ body: (Element) throws -> Void) rethrows {
        let snapshot = lock.withLock { entries }
        for entry in snapshot {
            guard let element = claim(entry) else { continue }
            try body(element)
        }
    }

    /// Dispatches to the handlers for which `matches` holds.
    ///
    /// `matches` runs under the list's lock, so it must be library code that
    /// only reads the element (for example an event-mask test), never a user
    /// closure. A one-shot handler that does not match stays registered.
    @usableFromInline
    func forEach(
        where matches: (Element) -> Bool,
        _ body: (Element) throws -> Void
    ) rethrows {
        let snapshot = lock.withLock { entries }
        for entry in snapshot {
            guard let element = claim(entry, where: matches) else { continue }
            try body(element)
        }
    }

    /// The number of registered handlers.
    public var count: Int {
        lock.withLock { entries.count }
    }

    /// Whether no handler is registered.
    public var isEmpty: Bool {
        lock.withLock { entries.isEmpty }
    }

    /// Removes every handler. Their tokens' `cancel()` then returns `false`.
    public func removeAll() {
        let removed = lock.withLock { () -> [Element?] in
            let removed = entries.map { entry -> Element? in
                let element = entry.element
                entry.element = nil
                return element
            }
            entries.removeAll()
            return removed
        }
        // Handlers are released here, outside the lock.
        _ = removed
    }

    /// Removes the handlers for which `matches` holds. `matches` runs under
    /// the lock: library code only.
    ///
    /// - Returns: How many handlers were removed.
    @discardableResult
    func removeAll(where matches: (Element) -> Bool) -> Int {
        let removed = lock.withLock { () -> [Element] in
            var removed: [Element] = []
            entries.removeAll { entry in
                guard let element = entry.element, matches(element) else { return false }
                entry.element = nil
                removed.append(element)
                return true
            }
            return removed
        }
        return removed.count
    }

    /// Whether a handler satisfies `matches`, which runs under the lock:
    /// library code only.
    func contains(where matches: (Element) -> Bool) -> Bool {
        lock.withLock {
            entries.contains { entry in entry.element.map(matches) ?? false }
        }
    }

    /// Copies of the registered handlers, in order. For library code that must
    /// combine results rather than call each handler in turn.
    func snapshot() -> [Element] {
        lock.withLock { entries.compactMap(\.element) }
    }

    // MARK: - Private

    /// Returns the element if the entry is still registered, consuming a
    /// one-shot entry. Called once per entry per dispatch.
    private func claim(_ entry: Entry, where matches: (Element) -> Bool = { _ in true }) -> Element? {
        lock.withLock { () -> Element? in
            guard let element = entry.element, matches(element) else { return nil }
            if entry.once {
                // The dispatch that consumes a one-shot entry is the only one
                // that may call it; its token then prevents nothing.
                _ = detach(entry)
            }
            return element
        }
    }

    /// Unlinks an entry; the caller holds the lock. Returns the element it
    /// held, for the caller to release after unlocking.
    private func detach(_ entry: Entry) -> Element? {
        guard let element = entry.element else { return nil }
        entry.element = nil
        if let index = entries.firstIndex(where: { $0 === entry }) {
            entries.remove(at: index)
        }
        return element
    }
}

extension HandlerList: @unchecked Sendable where Element: Sendable {}
