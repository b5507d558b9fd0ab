/// The storage behind a ``DelegateProxy``: one handler core per declared
/// selector, all in one ``HandlerGroup`` whose lock also guards the weak real
/// delegate.
///
/// The table spans its proxy class's declaration only: slot `i` holds the
/// selector with id `base + i`, for the `span` ids from the declaration's
/// lowest to its highest (see ``ProxyDeclaration``). So a proxy's table costs
/// the same however many selectors the rest of the process declares, and an
/// id outside the span (a selector of another proxy, forwarded in a release
/// build, where `forward` does not check) finds no closures.
///
/// ``route(_:)`` reads, in one critical section, everything a
/// message needs: the selector's snapshot, the removal count and the real
/// delegate. It is a library function, not inlined into proxies, so no lock
/// is taken in one module and released in another.
///
/// A message of a selector that has never had a closure, to a proxy that is
/// ``confined`` (a ``DelegateProxy``), takes no lock: see ``route(_:)``.
///
/// `@unchecked Sendable`: its state is guarded by the group's lock (but for
/// what a confined proxy's messages read, which its region guards), and the
/// closures it holds are `@Sendable`, or region-bound closures typed so by
/// ``IsolatedCall``, which only a ``DelegateProxy`` registers: that proxy is
/// not `Sendable`, so its table stays in the closures' region (the proof is
/// ``RegionBound``'s).
@usableFromInline
final class ProxyTable: @unchecked Sendable {
    let group = HandlerGroup()

    /// The id of slot 0: the lowest id of the proxy class's selectors.
    private let base: Int

    /// Whether the table's proxy is a ``DelegateProxy``: not `Sendable`, so
    /// confined to one region at a time, which its messages, its
    /// registrations and its ``DelegateProxyBase/realDelegate`` share (Swift
    /// keeps them in one isolation; a subclass must not declare itself
    /// `Sendable`). Two of them never run at once, so a message may read
    /// what only they write without the lock: whether its selector's slot
    /// has a core, and the real delegate. Tokens, which cancel from any
    /// thread, change a core's entries only, under the lock. A
    /// ``SendableDelegateProxy``'s table is not confined: its real delegate
    /// may be replaced on one thread while another sends a message, and a
    /// weak reference is not safe to load while it is being stored (the
    /// store may free the side table the load is about to use).
    let confined: Bool

    /// Slot `i` is the core of the selector with id `base + i`, or nil until
    /// the selector's first closure. As many slots as the declaration spans,
    /// fixed at creation. Guarded by `lock` (a ``confined`` table's messages
    /// read it without: see ``route(_:)``).
    private var cores: ContiguousArray<AnyHandlerCore?>

    /// Guarded by `lock`; a ``confined`` table's messages read them without
    /// it (see ``route(_:)``).
    private weak var realObject: AnyObject?
    private var realWitness: RealDelegate.Witness?

    /// The proxy's stand-in (see ``DelegateProxy/standIn``), set once.
    /// Guarded by `lock`.
    private var standInObject: (any DelegateProxyStandIn)?

    /// A table for the selectors of `declaration`; `confined` for a
    /// ``DelegateProxy``'s (see ``confined``).
    init(spanning declaration: ProxyDeclaration, confined: Bool) {
        base = declaration.base
        self.confined = confined
        cores = ContiguousArray(repeating: nil, count: declaration.span)
    }

    /// The slot of `id`, or nil for an id outside the table's span.
    @inline(__always)
    private func slot(of id: Int) -> Int? {
        let slot = id &- base
        // One unsigned comparison rejects ids below `base` and past the span.
        return UInt(bitPattern: slot) < UInt(bitPattern: cores.count) ? slot : nil
    }

    /// How many slots the table has: its declaration's span. For tests.
    var slotCount: Int {
        group.lock.withLock { cores.count }
    }

    /// The core for `id`, created on first use with element type `Element`.
    /// A selector's id fixes its element type. `id` must be one of the
    /// declaration's (the proxy checks it before it registers a closure).
    func core<Element>(for id: Int, as _: Element.Type) -> HandlerCore<Element> {
        group.lock.withLock {
            guard let slot = slot(of: id) else {
                preconditionFailure("ClosureKit: selector id \(id) outside its proxy's table (\(base)+\(cores.count))")
            }
            if let core = cores[slot] { return HandlerCore<Element>.typed(core: core) }
            let core = HandlerCore<Element>(group: group)
            cores[slot] = core
            return core
        }
    }

    /// Whether any closure is registered for `id`.
    func hasClosures(for id: Int) -> Bool {
        group.lock.withLock { slot(of: id).map { (cores[$0]?.registered ?? 0) > 0 } ?? false }
    }

    /// Removes every closure of every selector; tokens' `cancel()` then
    /// returns false. The owner calls it when it ends (see ``AnyHandlerCore``).
    func removeAll() {
        let cores = group.lock.withLock { self.cores }
        for core in cores { core?.removeAllEntries() }
    }

    // MARK: - Message path

    /// Everything one message needs: the selector's snapshot with the
    /// removal count, and the real delegate with its witness table, unless
    /// the snapshot's one closure answers alone
    /// (``AnyHandlerSnapshot/isSoleTerminal``: a plain closure of no actor
    /// whose selector's combining rule does not ask the real delegate too): a
    /// message answered by one closure does not load the weak reference.
    ///
    /// A selector that has never had a closure has no core. On a
    /// ``confined`` table such a message reads the real delegate without the
    /// lock: nothing that could change the slot or the real delegate runs
    /// meanwhile. Every other message reads all of it in one critical
    /// section.
    @usableFromInline
    func route(_ id: Int) -> ProxyRoute {
        // Nil for an id that is not one of the proxy's selectors (forwarded in
        // a release build): no closures can be registered for it.
        let slot = slot(of: id)
        if confined, slot.map({ cores[$0] == nil }) ?? true {
            return delegateOnly()
        }
        group.lock.lock()
        defer { group.lock.unlock() }
        // The core is used in place, not bound to a local: a `let core` is a
        // strong copy, one retain and one release a message.
        if let slot, let snapshot = cores[slot]?.snapshotLocked() {
            if snapshot.isSoleTerminal {
                return ProxyRoute(closures: snapshot, removals: 0, delegate: nil, witness: nil)
            }
            return ProxyRoute(
                closures: snapshot, removals: group.removals.load(), delegate: realObject, witness: realWitness)
        }
        return delegateOnly()
    }

    /// A route with no closures: the real delegate, if any, retained.
    @inline(__always)
    private func delegateOnly() -> ProxyRoute {
        ProxyRoute(closures: nil, removals: 0, delegate: realObject, witness: realWitness)
    }

    // MARK: - Stand-in

    /// The proxy's stand-in, read under the lock.
    var standIn: (any DelegateProxyStandIn)? {
        group.lock.withLock { standInObject }
    }

    /// Sets the stand-in, once.
    func setStandIn(_ standIn: any DelegateProxyStandIn, proxy: String) {
        let previous = group.lock.withLock { () -> (any DelegateProxyStandIn)? in
            if let previous = standInObject { return previous }
            standInObject = standIn
            return nil
        }
        if let previous {
            preconditionFailure("\(proxy) already has a stand-in, a \(type(of: previous)); a proxy has one")
        }
    }

    // MARK: - Real delegate

    /// The real delegate's object, read under the lock.
    var realDelegateObject: AnyObject? {
        group.lock.withLock { realObject }
    }

    /// The real delegate, read under the lock.
    func realDelegate<Delegate>(as _: Delegate.Type) -> Delegate? {
        let (object, witness) = group.lock.withLock { (realObject, realWitness) }
        guard let object else { return nil }
        return RealDelegate(object: object, witness: witness).value(as: Delegate.self)
    }

    /// Stores `delegate` (already checked not to lead back to the proxy).
    func setRealDelegate<Delegate>(_ delegate: Delegate?, object: AnyObject?) {
        let witness = object.flatMap { object in delegate.flatMap { RealDelegate.witness(of: $0, object: object) } }
        let old = group.lock.withLock { () -> AnyObject? in
            let old = realObject
            realObject = object
            realWitness = witness
            return old
        }
        _ = old // released after the lock
    }
}

extension ProxyTable: ObserverRegistrar {
    /// Registers an erased observer for `selector`, which the proxy found
    /// among its declared selectors by name.
    func registerObserver<Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        at position: HookPosition,
        options: RegistrationOptions,
        _ body: @escaping @Sendable (Invocation<Arguments, Result>) -> Void
    ) -> CancellationToken {
        core(for: selector.id, as: ProxyClosure<Arguments, Result>.self)
            .add(.observer(body), position: position, once: options.contains(.once))
    }
}
