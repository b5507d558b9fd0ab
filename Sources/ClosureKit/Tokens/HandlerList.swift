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
    // Dispatch fast path. A dispatch takes `cache` (the registered entries
    // with their elements) under the lock, together with the value of
    // `removals`; then, for each handler, it loads `removals` without the
    // lock. While that value is unchanged, no entry has been removed since the
    // snapshot, so the snapshot's element may be called without taking the
    // lock per handler; once it has changed, or for a one-shot entry, the
    // dispatch claims each entry under the lock as before.
    //
    // The cache is built by the second dispatch after a mutation, not the
    // first, so that a list dispatched once (end-of-life callbacks) or
    // mutated between every dispatch pays no extra allocation.
    //
    // Invariants, all under the lock: `cache` is nil or holds exactly the
    // registered entries with their elements, in order; every mutation of
    // `entries` sets it to nil and clears `dispatchedSinceMutation`; every
    // removal increments `removals` before the lock is released. So dropping
    // a cache never releases the last reference to an element (a registered
    // entry, or the caller that removed it, still holds one), and no user
    // code runs under the lock. The lock is what keeps accesses to these
    // fields exclusive, so they skip the runtime's dynamic exclusivity checks.
    @exclusivity(unchecked) private var cache: ContiguousArray<CachedEntry>?
    @exclusivity(unchecked) private var dispatchedSinceMutation = false
    private let removals = RemovalCounter()

    /// A registered entry and a copy of its element, for the fast path.
    @usableFromInline
    struct CachedEntry {
        let entry: Entry
        let element: Element
        let once: Bool
    }

    /// The handlers registered at one moment, for a caller that dispatches
    /// the same list several times per event (a hook point's before, instead
    /// and after stages): one lock round trip instead of one per stage. See
    /// ``dispatchSnapshot()`` and ``forEach(in:where:_:)``.
    @usableFromInline
    struct DispatchSnapshot {
        let entries: ContiguousArray<CachedEntry>
        let removals: UInt
    }

    /// One registration. Its fields are guarded by the owning list's lock.
    @usableFromInline
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
    @exclusivity(unchecked) private var entries: ContiguousArray<Entry> = []

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
        lock.withLock {
            entries.append(entry)
            invalidateCache()
        }
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
        try forEach(where: { _ in true }, body)
    }

    /// Dispatches to the handlers for which `matches` holds.
    ///
    /// `matches` may run under the list's lock, so it must be library code
    /// that only reads the element (for example an event-mask test), never a
    /// user closure. A one-shot handler that does not match stays registered.
    ///
    /// While no handler has been removed since the dispatch began, handlers
    /// are called without taking the lock again (see `removals`).
    @inline(__always)
    func forEach(
        where matches: (Element) -> Bool,
        _ body: (Element) throws -> Void
    ) rethrows {
        let snapshot: ContiguousArray<CachedEntry>
        let removalsAtSnapshot: UInt
        lock.lock()
        if let cache {
            snapshot = cache
        } else if dispatchedSinceMutation {
            snapshot = buildCacheLocked()
        } else {
            // First dispatch since a mutation: check every entry under the
            // lock, as a list that is rarely dispatched should.
            dispatchedSinceMutation = true
            let entries = self.entries
            lock.unlock()
            for entry in entries {
                guard let element = claim(entry, where: matches) else { continue }
                try body(element)
            }
            return
        }
        removalsAtSnapshot = removals.load()
        lock.unlock()
        try forEach(in: DispatchSnapshot(entries: snapshot, removals: removalsAtSnapshot), where: matches, body)
    }

    /// Takes a snapshot of the registered handlers, building the dispatch
    /// cache if there is none, in one critical section.
    func dispatchSnapshot() -> DispatchSnapshot {
        lock.lock()
        defer { lock.unlock() }
        dispatchedSinceMutation = true
        return DispatchSnapshot(entries: cache ?? buildCacheLocked(), removals: removals.load())
    }

    /// Dispatches to the handlers of `snapshot` for which `matches` holds,
    /// with the semantics of ``forEach(_:)``: a handler removed since the
    /// snapshot is skipped, a one-shot handler is consumed.
    ///
    /// While no handler has been removed since the snapshot, handlers are
    /// called without taking the lock.
    @inline(__always)
    func forEach(
        in snapshot: DispatchSnapshot,
        where matches: (Element) -> Bool,
        _ body: (Element) throws -> Void
    ) rethrows {
        // Indices rather than `for cached in snapshot`: the elements are then
        // borrowed from the immutable snapshot instead of copied, which saves
        // a retain and a release per field per handler.
        let entries = snapshot.entries
        for index in entries.indices {
            guard matches(entries[index].element) else { continue }
            if !entries[index].once && removals.load() == snapshot.removals {
                // Nothing was removed since the snapshot: still registered.
                try body(entries[index].element)
            } else {
                guard let element = claim(entries[index].entry, where: matches) else { continue }
                try body(element)
            }
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
            invalidateCache()
            removals.increment()
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
            if !removed.isEmpty {
                invalidateCache()
                removals.increment()
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

    /// Builds and keeps the dispatch cache; the caller holds the lock.
    private func buildCacheLocked() -> ContiguousArray<CachedEntry> {
        var built = ContiguousArray<CachedEntry>()
        built.reserveCapacity(entries.count)
        for entry in entries {
            if let element = entry.element {
                built.append(CachedEntry(entry: entry, element: element, once: entry.once))
            }
        }
        cache = built
        return built
    }

    /// Drops the dispatch cache after a mutation; the caller holds the lock.
    /// Never releases the last reference to an element (see `cache`).
    private func invalidateCache() {
        cache = nil
        dispatchedSinceMutation = false
    }

    /// Unlinks an entry; the caller holds the lock. Returns the element it
    /// held, for the caller to release after unlocking.
    private func detach(_ entry: Entry) -> Element? {
        guard let element = entry.element else { return nil }
        entry.element = nil
        if let index = entries.firstIndex(where: { $0 === entry }) {
            entries.remove(at: index)
        }
        invalidateCache()
        removals.increment()
        return element
    }
}

extension HandlerList: @unchecked Sendable where Element: Sendable {}
