/// What the handler cores of one owner share (a proxy's per-method lists, an
/// object's per-property observers, a hook point's type-wide and per-instance
/// hooks): one ``Lock``, and the counts that dispatches read without it.
///
/// A dispatch reads the removal count together with its snapshot; while the
/// count is unchanged nothing was removed, so a handler of the snapshot is
/// still registered and is called without taking the lock again: a dispatch
/// takes no lock round trip per handler.
@usableFromInline
final class HandlerGroup: @unchecked Sendable {
    /// Guards every core of the group, and whatever its owner keeps beside
    /// them (a proxy's real delegate, an object's property values).
    @usableFromInline
    let lock = Lock()

    /// Bumped, under the lock, whenever an entry leaves a core of the group.
    @usableFromInline
    let removals = AtomicCounter()

    /// The number of entries registered in the cores of the group, readable
    /// without the lock: a hook point whose count is zero calls the original
    /// directly, with no lock.
    @usableFromInline
    let live = AtomicCounter()

    /// Of ``live``, the entries no call runs alone: `after` and one-shot
    /// ones. While it is zero, a hook point tries the one-hook path
    /// (``HandlerCore/readSole(unless:_:)``) before its stages.
    @usableFromInline
    let passedOver = AtomicCounter()

    init() {}

    deinit {
        lock.destroy()
    }
}

/// A second count of registered entries, beside ``HandlerGroup/live``, for
/// an owner that needs to know about some of a group's cores without the
/// lock: a hook point's type-wide hooks, or all the hooks of one instance
/// across hook points, so that a call on an instance with no hooks of its
/// own returns at once even while other instances are hooked.
@usableFromInline
final class HandlerTally: Sendable {
    /// The number of entries in the cores that count here.
    @usableFromInline
    let live = AtomicCounter()

    init() {}
}

/// The engine's storage: the one implementation of ordered, thread-safe
/// handler registration behind every capability that dispatches
/// (`HandlerList`, delegate proxies, hook points, key-path observation,
/// control events). End-of-life callbacks, dispatched once when their object
/// ends, keep a lighter chain of their own (see ``LifetimeStorage``).
///
/// A core holds the registered entries of one list, in registration order,
/// and the snapshot that dispatches read. It owns:
///
/// - **registration**: ``HandlerCore/add(_:position:once:terminal:)``
///   appends an entry and returns the token that removes it;
/// - **removal**: a token's `cancel()`, its release,
///   ``HandlerCore/removeAll()`` and ``HandlerCore/removeAll(where:)`` unlink
///   entries and release each entry's element (the handler and everything it
///   captured) at once, after the lock;
/// - **snapshots**: a dispatch reads an immutable ``HandlerSnapshot`` under the
///   lock, with the lock's removal count, and then calls the handlers with no
///   lock held (``HandlerDispatch``);
/// - **the re-check before each call**: a handler removed since the snapshot
///   (by an earlier handler of the same dispatch, or by another thread before
///   the check) is not called; a removal on another thread that lands after
///   the check lets this one call finish, as ``CancellationToken`` says.
///   While the removal count is unchanged nothing was removed, so the
///   check costs an atomic load; otherwise ``HandlerCore/claim(_:)``
///   checks under the lock. Whatever else decides whether a handler is
///   called (whether it applies, whether it can answer on this thread) is
///   asked before, with no lock held: the claim takes no predicate;
/// - **`.once`**: a one-shot entry is consumed by the claim of the dispatch
///   that calls it, so it runs exactly once even when several threads
///   dispatch at the same time.
///
/// Several cores may share one ``HandlerGroup`` (a proxy's per-method lists,
/// an object's per-property observers), so that their owner can read its own
/// state and a core's snapshot in one critical section.
///
/// Entries hold their core strongly: whoever owns a core must call
/// ``HandlerCore/removeAll()`` when it ends, which breaks that cycle. (A weak
/// reference would give the core a side table and slow every retain of it.)
///
/// This base is the core with its element type erased, so that owners keep
/// and read it without generic metadata; ``HandlerCore`` is the typed core.
@usableFromInline
class AnyHandlerCore: @unchecked Sendable {
    @usableFromInline
    let group: HandlerGroup

    /// Where the core's entries are counted too, besides the group.
    let tally: HandlerTally?

    /// The current snapshot, nil when it must be rebuilt. Guarded by the
    /// group's lock. Internal, and touched only by this file's code, in
    /// accesses that call nothing: the optimiser then sees every access and
    /// drops the runtime's exclusivity checks, which inlinable code reading
    /// it from another module would keep on every dispatch.
    var cache: AnyHandlerSnapshot?

    /// The number of registered entries. Guarded by the group's lock.
    var registered = 0

    init(group: HandlerGroup, tally: HandlerTally?) {
        self.group = group
        self.tally = tally
    }

    /// Counts one entry more (`added`) or one less, in the group and the
    /// tally, and in the group's ``HandlerGroup/passedOver`` too for an
    /// entry no call runs alone (`passedOver`). The caller holds the lock.
    final func countLocked(added: Bool, passedOver: Bool) {
        if added {
            group.live.increment()
            tally?.live.increment()
            if passedOver { group.passedOver.increment() }
        } else {
            group.live.decrement()
            tally?.live.decrement()
            if passedOver { group.passedOver.decrement() }
        }
    }

    /// The snapshot to dispatch, or nil when nothing is registered. The
    /// caller holds the lock.
    @usableFromInline
    final func snapshotLocked() -> AnyHandlerSnapshot? {
        if let cache { return cache }
        if registered == 0 { return nil }
        let built = buildSnapshotLocked()
        cache = built
        return built
    }

    /// The snapshot and the removal count, in one critical section. Not
    /// generic, so that a caller in unspecialised code pays no metadata
    /// look-up for it.
    @usableFromInline
    final func read() -> CoreRead {
        group.lock.lock()
        defer { group.lock.unlock() }
        return readLocked()
    }

    /// Two cores of one lock read in one critical section (a hook point's
    /// type-wide hooks and an instance's).
    @usableFromInline
    final func read(with other: AnyHandlerCore?) -> (CoreRead, CoreRead?) {
        group.lock.lock()
        defer { group.lock.unlock() }
        return (readLocked(), other?.readLocked())
    }

    /// ``read()`` for a caller that holds the lock.
    @usableFromInline
    final func readLocked() -> CoreRead {
        guard let snapshot = snapshotLocked() else { return CoreRead(snapshot: nil, removals: 0) }
        return CoreRead(snapshot: snapshot, removals: group.removals.load())
    }

    /// Builds the snapshot of the registered entries; the caller holds the lock.
    func buildSnapshotLocked() -> AnyHandlerSnapshot {
        fatalError("AnyHandlerCore is abstract")
    }

    /// Removes every entry; see ``HandlerCore/removeAll()``.
    func removeAllEntries() {
        fatalError("AnyHandlerCore is abstract")
    }
}

/// A core's snapshot (nil when nothing is registered) and the removal count
/// read with it.
@usableFromInline
struct CoreRead {
    @usableFromInline let snapshot: AnyHandlerSnapshot?
    @usableFromInline let removals: UInt
}

/// The typed core: see ``AnyHandlerCore``.
@usableFromInline
final class HandlerCore<Element>: AnyHandlerCore, @unchecked Sendable {
    private var entries: ContiguousArray<HandlerEntry<Element>> = []

    /// ``AnyHandlerCore/cache``, typed: the same snapshot while that is set,
    /// nil with it, so that it never keeps a removed element beyond the
    /// removal. For a caller that reads the snapshot at every event without
    /// the dynamic cast of the erased one (an observed set). Guarded by the
    /// group's lock.
    private(set) var typedCache: HandlerSnapshot<Element>?

    /// Creates an empty core in `group` (a group of its own by default),
    /// counting its entries in `tally` too when one is given.
    override init(group: HandlerGroup = HandlerGroup(), tally: HandlerTally? = nil) {
        super.init(group: group, tally: tally)
    }

    /// The typed form of a snapshot read from ``AnyHandlerCore/snapshotLocked()``
    /// of a core of this type.
    ///
    /// The caller knows the core's element type (a selector's id or a
    /// property's slot fixes it); the cast checks it.
    @inlinable @inline(__always)
    static func typed(_ snapshot: AnyHandlerSnapshot) -> HandlerSnapshot<Element> {
        snapshot as! HandlerSnapshot<Element>
    }

    /// The typed core stored erased under an owner's key; checked, as
    /// ``typed(_:)``.
    @inlinable @inline(__always)
    static func typed(core: AnyHandlerCore) -> HandlerCore<Element> {
        core as! HandlerCore<Element>
    }

    // MARK: - Registration

    /// Adds an entry at the end and returns the token that removes it.
    ///
    /// `terminal` marks an `instead` entry that never proceeds (a proxy's
    /// closure that takes the arguments alone), so that a snapshot can tell
    /// when its one entry answers a call by itself
    /// (``AnyHandlerSnapshot/isSoleTerminal``).
    func add(
        _ element: Element, position: HookPosition? = nil, once: Bool = false, terminal: Bool = false
    ) -> CancellationToken {
        let entry = HandlerEntry(element: element, position: position, once: once, terminal: terminal, core: self)
        group.lock.withLock { appendLocked(entry) }
        return CancellationToken(registration: entry)
    }

    /// ``add(_:position:once:terminal:)`` for a caller that already holds the lock.
    func addLocked(_ element: Element, position: HookPosition? = nil, once: Bool = false) -> CancellationToken {
        let entry = HandlerEntry(element: element, position: position, once: once, terminal: false, core: self)
        appendLocked(entry)
        return CancellationToken(registration: entry)
    }

    private func appendLocked(_ entry: HandlerEntry<Element>) {
        countLocked(added: true, passedOver: entry.isPassedOver)
        entries.append(entry)
        registered = entries.count
        cache = nil
        typedCache = nil
    }

    // MARK: - Removal

    /// Removes `entry`. Returns whether it was still registered. Its element
    /// is released after the lock, because releasing may run any deinit.
    func remove(_ entry: HandlerEntry<Element>) -> Bool {
        let released = group.lock.withLock { detachLocked(entry) }
        return released != nil
    }

    /// Removes every entry; their tokens' `cancel()` then returns false. The
    /// elements are released after the lock.
    func removeAll() {
        let released = group.lock.withLock { () -> ContiguousArray<Element?> in
            let released = ContiguousArray(entries.map { $0.takeElementLocked() })
            for entry in entries { countLocked(added: false, passedOver: entry.isPassedOver) }
            entries = []
            registered = 0
            cache = nil
            typedCache = nil
            group.removals.increment()
            return released
        }
        _ = released
    }

    override func removeAllEntries() {
        removeAll()
    }

    /// Removes the entries whose element satisfies `matches`, which runs
    /// under the lock: library code that only reads the element.
    ///
    /// - Returns: How many entries were removed.
    func removeAll(where matches: (Element) -> Bool) -> Int {
        let released = group.lock.withLock { () -> [Element] in
            var released: [Element] = []
            entries.removeAll { entry in
                guard let element = entry.element, matches(element) else { return false }
                entry.element = nil
                countLocked(added: false, passedOver: entry.isPassedOver)
                released.append(element)
                return true
            }
            if !released.isEmpty {
                registered = entries.count
                cache = nil
                typedCache = nil
                group.removals.increment()
            }
            return released
        }
        return released.count
    }

    /// Unlinks an entry; the caller holds the lock. Returns its element, for
    /// the caller to release after unlocking.
    private func detachLocked(_ entry: HandlerEntry<Element>) -> Element? {
        guard let element = entry.takeElementLocked() else { return nil }
        countLocked(added: false, passedOver: entry.isPassedOver)
        if let index = entries.firstIndex(where: { $0 === entry }) {
            entries.remove(at: index)
        }
        registered = entries.count
        cache = nil
        typedCache = nil
        group.removals.increment()
        return element
    }

    // MARK: - Queries

    /// The number of registered entries.
    var count: Int { group.lock.withLock { registered } }

    /// Whether an entry's element satisfies `matches`, which runs under the
    /// lock: library code only.
    func contains(where matches: (Element) -> Bool) -> Bool {
        group.lock.withLock { entries.contains { $0.element.map(matches) ?? false } }
    }

    /// Copies of the registered elements, in order, for library code that
    /// must see all of them at once (ending every observation of an object).
    func elements() -> [Element] {
        group.lock.withLock { entries.compactMap(\.element) }
    }

    // MARK: - Dispatch

    /// Reads the snapshot to dispatch, in one critical section; nil when
    /// nothing is registered.
    @inlinable
    func dispatch() -> HandlerDispatch<Element>? {
        dispatch(read())
    }

    /// The dispatch of what ``AnyHandlerCore/read()`` returned for this core.
    @inlinable
    func dispatch(_ read: CoreRead) -> HandlerDispatch<Element>? {
        guard let snapshot = read.snapshot else { return nil }
        return HandlerDispatch(Self.typed(snapshot), removals: read.removals)
    }

    /// What `project` reads of the core's one entry, in one critical
    /// section, when the core holds exactly one entry, not one-shot, at a
    /// position other than `after`, and the cores counted by `other` (the
    /// type-wide hooks, which share this core's lock and count under it)
    /// hold none; nil otherwise, the caller then reads both cores.
    ///
    /// `project` runs under the lock: it must copy fields and call nothing
    /// (no user code runs under a lock). What it read under the lock is the
    /// entry's check, as a snapshot read is: the caller calls it with no
    /// lock held, and a concurrent removal may land just after, as after any
    /// check. A hook point's call on an instance whose one hook is a
    /// `before` or `instead` hook (and no type-wide hooks) reads this alone:
    /// no snapshot kept, no dispatch, no claim.
    @inlinable
    final func readSole<Projection>(
        unless other: HandlerTally, _ project: (borrowing Element) -> Projection
    ) -> Projection? {
        group.lock.lock()
        defer { group.lock.unlock() }
        guard other.live.load() == 0 else { return nil }
        guard let snapshot = snapshotLocked(), snapshot.isSole else { return nil }
        return project(Self.typed(snapshot).items[0].element)
    }

    override func buildSnapshotLocked() -> AnyHandlerSnapshot {
        var items = ContiguousArray<HandlerSnapshot<Element>.Item>()
        items.reserveCapacity(entries.count)
        for entry in entries {
            if let element = entry.element {
                items.append(.init(entry: entry, element: element))
            }
        }
        let built = HandlerSnapshot(items, group: group)
        typedCache = built
        return built
    }

    /// Claims `entry` for the dispatch about to call it: checks that it is
    /// still registered and, if it is one-shot, consumes it. Returns whether
    /// the caller may call it.
    ///
    /// It takes no predicate, so no user code can run under the lock: what
    /// decides whether the caller wants the entry (whether it applies to this
    /// call, whether it can answer on this thread, which may ask a custom
    /// executor's `isIsolatingCurrentContext()`) is asked by the caller
    /// before, on the snapshot's copy of the element, with no lock held. The
    /// element never changes while the entry is registered, so that answer
    /// still holds here. As in swift-async-algorithms' channels, the critical
    /// section only changes the core's state and returns what to do
    /// (``Claim``); the one `switch` after unlocking does it, releasing a
    /// consumed element there.
    ///
    /// Never inlined: it is the slow path of ``HandlerDispatch/isCurrent(at:)``
    /// (taken only after a removal, or for a one-shot entry); inlined, it
    /// would weigh on every dispatch loop.
    @usableFromInline @inline(never)
    func claim(_ entry: HandlerEntry<Element>) -> Bool {
        group.lock.lock()
        let claim = claimLocked(entry)
        group.lock.unlock()
        switch claim {
        case .removed:
            return false
        case .registered:
            return true
        case .consumed:
            // The dispatch that consumes a one-shot entry is the only one that
            // may call it; its token then prevents nothing. The element leaves
            // with `claim`, after unlocking.
            return true
        }
    }

    /// What ``claim(_:)`` decided under the lock.
    private enum Claim {
        /// Removed since the snapshot: not to be called.
        case removed
        /// Still registered, and not one-shot: to be called.
        case registered
        /// One-shot and consumed by this claim: to be called, and its element
        /// released after unlocking.
        case consumed(Element)
    }

    /// The state change of ``claim(_:)``; the caller holds the lock. Reads
    /// and writes the core only.
    private func claimLocked(_ entry: HandlerEntry<Element>) -> Claim {
        guard entry.element != nil else { return .removed }
        guard entry.once, let element = detachLocked(entry) else { return .registered }
        return .consumed(element)
    }
}

/// One registration: its token's record.
///
/// The element is the last stored property, so that the others sit at
/// offsets that do not depend on `Element` and reading them needs no
/// generic metadata.
@usableFromInline
final class HandlerEntry<Element>: TokenRegistration, @unchecked Sendable {
    @usableFromInline let position: HookPosition?
    @usableFromInline let once: Bool
    /// An `instead` entry that never proceeds; see ``HandlerCore/add(_:position:once:terminal:)``.
    let terminal: Bool
    /// Strong; see ``AnyHandlerCore``.
    @usableFromInline let core: HandlerCore<Element>
    /// Nil once removed. Guarded by the core's lock.
    var element: Element?

    init(element: Element, position: HookPosition?, once: Bool, terminal: Bool, core: HandlerCore<Element>) {
        self.position = position
        self.once = once
        self.terminal = terminal
        self.core = core
        self.element = element
    }

    /// Whether no call runs this entry alone: an `after` or one-shot entry
    /// (``HandlerGroup/passedOver``).
    var isPassedOver: Bool { position == .after || once }

    /// Clears the element and returns it; the caller holds the lock.
    func takeElementLocked() -> Element? {
        defer { element = nil }
        return element
    }

    func cancelRegistration() -> Bool {
        core.remove(self)
    }
}
