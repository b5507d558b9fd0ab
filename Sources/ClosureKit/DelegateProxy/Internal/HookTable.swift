/// The closure table behind a proxy (and, later, behind hook points): for each
/// selector id, an immutable snapshot of its before, instead and after
/// closures, in an array indexed by the selector's dense id.
///
/// Registration and removal replace a slot's snapshot under the lock; a
/// dispatch takes the current snapshot under the lock (one array read and one
/// retain; see `DelegateProxy._forward`, which inlines that read) and runs it
/// with no lock held. On the general path each closure is re-checked
/// (``claim(_:removals:)``) just before its call, so that a closure removed by an
/// earlier closure of the same dispatch, or by another thread, does not run;
/// one-shot entries are consumed by that claim. The check costs no lock while
/// nothing was removed from the table since the snapshot was read: the
/// table counts removals (as ``HandlerList`` does) and a claim compares
/// that count with the one read together with the snapshot. The fast path (a single plain
/// `instead` closure, not one-shot, and nothing else) calls that closure
/// first, so the snapshot read under the lock is its check.
///
/// Whoever owns a table must call ``removeAll()`` when it ends: entries hold
/// their table strongly (see ``HookEntry/table``).
@usableFromInline
final class HookTable: @unchecked Sendable {
    let lock = Lock()

    /// Slot `i` holds the `HookSlot<A, R>` of the selector with id `i`, or nil.
    /// Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<AnyObject?> = []

    /// The real delegate of the owning proxy, guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) weak var realDelegate: AnyObject?

    /// The protocol witness table of the real delegate's conformance, when
    /// the delegate type is a class-bound existential of one protocol; lets
    /// the proxy rebuild the typed existential from the weak reference
    /// without a dynamic cast. Guarded by `lock`; nil otherwise.
    @usableFromInline @exclusivity(unchecked) var realDelegateWitness: UnsafeRawPointer?

    /// Bumped, under `lock`, whenever an entry leaves the table; read without
    /// the lock by ``claim(_:removals:)``.
    private let removals = RemovalCounter()

    init() {}

    /// The removal count, read together with a snapshot while holding the
    /// lock taken by ``lockForMessage()``.
    @usableFromInline
    var removalCountLocked: UInt { removals.load() }

    /// Takes the lock for the message path, whose reads of `slots` and the
    /// real delegate are inlined into the caller. No user code may run until
    /// ``unlockForMessage()``.
    @usableFromInline
    func lockForMessage() { lock.lock() }

    /// Releases the lock taken by ``lockForMessage()``.
    @usableFromInline
    func unlockForMessage() { lock.unlock() }

    /// The real delegate, read under the lock.
    @usableFromInline
    func loadRealDelegate() -> (object: AnyObject?, witness: UnsafeRawPointer?) {
        lock.lock()
        defer { lock.unlock() }
        return (realDelegate, realDelegateWitness)
    }

    /// Whether any closure is registered for `id`.
    func hasClosures(for id: Int) -> Bool {
        lock.withLock { id < slots.count && slots[id] != nil }
    }

    /// Registers a closure and returns its token.
    func register<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ position: HookPosition,
        _ options: RegistrationOptions,
        _ body: HookEntry<Arguments, Result>.Body
    ) -> CancellationToken {
        let entry = HookEntry(
            body: body, position: position, once: options.contains(.once),
            selectorID: selector.id, table: self)
        add(entry)
        return CancellationToken(registration: entry)
    }

    func add<Arguments, Result>(_ entry: HookEntry<Arguments, Result>) {
        let old = lock.withLock { () -> AnyObject? in
            let id = entry.selectorID
            if slots.count <= id {
                slots.append(contentsOf: repeatElement(nil, count: id + 1 - slots.count))
            }
            let old = slots[id]
            let current = old.map { unsafeDowncast($0, to: HookSlot<Arguments, Result>.self) }
            slots[id] = HookSlot(current, adding: entry)
            return old
        }
        _ = old  // released here, outside the lock
    }

    /// Removes an entry. Returns whether it was still registered.
    func remove<Arguments, Result>(_ entry: HookEntry<Arguments, Result>) -> Bool {
        var released: (AnyObject?, HookEntry<Arguments, Result>.Body?) = (nil, nil)
        let removed = lock.withLock { () -> Bool in
            detach(entry, releasing: &released)
        }
        // The closure and the replaced snapshot are released here, outside the
        // lock: releasing may run arbitrary deinit code.
        released = (nil, nil)
        return removed
    }

    /// Checks, just before a call, that `entry` is still registered, for a
    /// dispatch whose snapshot was read when the removal count was
    /// `snapshot`; consumes it if it is one-shot. Returns whether the caller
    /// may call it.
    ///
    /// A plain entry of a table that lost no entry since the snapshot is
    /// still registered: that case needs no lock.
    @usableFromInline
    func claim<Arguments, Result>(_ entry: HookEntry<Arguments, Result>, removals snapshot: UInt) -> Bool {
        if !entry.once, removals.load() == snapshot { return true }
        var released: (AnyObject?, HookEntry<Arguments, Result>.Body?) = (nil, nil)
        let claimed = lock.withLock { () -> Bool in
            guard entry.body != nil else { return false }
            if entry.once { _ = detach(entry, releasing: &released) }
            return true
        }
        released = (nil, nil)
        return claimed
    }

    /// Removes every closure. Their tokens' `cancel()` then returns false.
    func removeAll() {
        let old = lock.withLock { () -> ContiguousArray<AnyObject?> in
            let old = slots
            for case let slot? in old { (slot as! any ClearableSlot).clearEntries() }
            slots = []
            removals.increment()
            return old
        }
        _ = old
    }

    /// Unlinks an entry; the caller holds the lock.
    private func detach<Arguments, Result>(
        _ entry: HookEntry<Arguments, Result>,
        releasing released: inout (AnyObject?, HookEntry<Arguments, Result>.Body?)
    ) -> Bool {
        guard let body = entry.body else { return false }
        entry.body = nil
        removals.increment()
        released.1 = body
        let id = entry.selectorID
        guard id < slots.count, let old = slots[id] else { return true }
        let current = unsafeDowncast(old, to: HookSlot<Arguments, Result>.self)
        slots[id] = current.removing(entry)
        released.0 = old
        return true
    }
}

/// Lets ``HookTable/removeAll()`` clear entries of slots of any type.
protocol ClearableSlot: AnyObject {
    /// Marks every entry removed; the caller holds the table's lock.
    func clearEntries()
}

/// One registration in a ``HookTable``: its token's registration record.
@usableFromInline
final class HookEntry<Arguments, Result>: TokenRegistration, @unchecked Sendable {
    @usableFromInline
    enum Body {
        /// An `instead` closure that takes the arguments alone.
        case plain(@Sendable (Arguments) -> Result)
        /// An `instead` closure that takes an invocation and may proceed.
        case instead(@Sendable (Invocation<Arguments, Result>) -> Result)
        /// A `before` or `after` closure.
        case observer(@Sendable (Invocation<Arguments, Result>) -> Void)
        /// A before or after closure that needs only the arguments: no
        /// `Invocation` is built for it.
        case argumentsObserver(@Sendable (Arguments) -> Void)
    }

    /// Nil once removed. Guarded by the table's lock.
    var body: Body?
    let position: HookPosition
    let once: Bool
    let selectorID: Int
    /// The table the entry belongs to. Strong rather than weak, so that the
    /// table never gets a weak-reference side table (which would slow down
    /// every retain and release of it on the message path). The cycle
    /// table → slot → entry → table is broken when the entry is removed, and
    /// by ``HookTable/removeAll()``, which the table's owner must call when it
    /// ends (``DelegateProxy`` does, in `deinit`).
    let table: HookTable

    init(body: Body, position: HookPosition, once: Bool, selectorID: Int, table: HookTable) {
        self.body = body
        self.position = position
        self.once = once
        self.selectorID = selectorID
        self.table = table
    }

    func cancelRegistration() -> Bool {
        table.remove(self)
    }
}

/// An immutable snapshot of one selector's closures. Each item carries its
/// body, copied when the snapshot was made, so that reading it needs no lock.
@usableFromInline
final class HookSlot<Arguments, Result>: ClearableSlot, @unchecked Sendable {
    @usableFromInline
    struct Item {
        @usableFromInline let entry: HookEntry<Arguments, Result>
        @usableFromInline let body: HookEntry<Arguments, Result>.Body

        init(entry: HookEntry<Arguments, Result>, body: HookEntry<Arguments, Result>.Body) {
            self.entry = entry
            self.body = body
        }
    }

    /// In registration order.
    @usableFromInline let befores: ContiguousArray<Item>
    /// In registration order; the newest runs first.
    @usableFromInline let insteads: ContiguousArray<Item>
    /// In registration order.
    @usableFromInline let afters: ContiguousArray<Item>
    /// The single `instead` closure to call directly, when the slot has
    /// nothing else: no hooks, one plain instead closure that is not one-shot.
    @usableFromInline
    let fastPath: (@Sendable (Arguments) -> Result)?

    /// An `after` closure that takes only the arguments, with its entry.
    @usableFromInline
    struct ArgumentObserver {
        @usableFromInline let entry: HookEntry<Arguments, Result>
        @usableFromInline let body: @Sendable (Arguments) -> Void
    }

    /// The `after` closures, when the slot has nothing else and each takes
    /// only the arguments (what ClosureKitFoundation's conveniences register):
    /// the message then runs them directly, with no `Invocation` and no walk
    /// of the empty stages.
    @usableFromInline
    let argumentObservers: ContiguousArray<ArgumentObserver>?

    private init(
        befores: ContiguousArray<Item>,
        insteads: ContiguousArray<Item>,
        afters: ContiguousArray<Item>
    ) {
        self.befores = befores
        self.insteads = insteads
        self.afters = afters
        if befores.isEmpty, afters.isEmpty, insteads.count == 1, !insteads[0].entry.once,
            case .plain(let body) = insteads[0].body
        {
            fastPath = body
        } else {
            fastPath = nil
        }
        var observers = ContiguousArray<ArgumentObserver>()
        if befores.isEmpty, insteads.isEmpty {
            for item in afters {
                guard case .argumentsObserver(let body) = item.body else { break }
                observers.append(ArgumentObserver(entry: item.entry, body: body))
            }
        }
        argumentObservers = !afters.isEmpty && observers.count == afters.count ? observers : nil
    }

    convenience init(_ current: HookSlot?, adding entry: HookEntry<Arguments, Result>) {
        var befores = current?.befores ?? []
        var insteads = current?.insteads ?? []
        var afters = current?.afters ?? []
        let item = Item(entry: entry, body: entry.body!)
        switch entry.position {
        case .before: befores.append(item)
        case .instead: insteads.append(item)
        case .after: afters.append(item)
        }
        self.init(befores: befores, insteads: insteads, afters: afters)
    }

    /// The snapshot without `entry`, or nil when nothing is left.
    func removing(_ entry: HookEntry<Arguments, Result>) -> HookSlot? {
        let befores = ContiguousArray(self.befores.filter { $0.entry !== entry })
        let insteads = ContiguousArray(self.insteads.filter { $0.entry !== entry })
        let afters = ContiguousArray(self.afters.filter { $0.entry !== entry })
        if befores.isEmpty, insteads.isEmpty, afters.isEmpty { return nil }
        return HookSlot(befores: befores, insteads: insteads, afters: afters)
    }

    func clearEntries() {
        for item in befores { item.entry.body = nil }
        for item in insteads { item.entry.body = nil }
        for item in afters { item.entry.body = nil }
    }
}
