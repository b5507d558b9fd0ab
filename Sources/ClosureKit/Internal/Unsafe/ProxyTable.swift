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
/// `@unchecked Sendable`: its state is guarded by the group's lock, and the
/// closures it holds are `@Sendable`, or region-bound closures typed so by
/// ``IsolatedCall``, which only a ``DelegateProxy`` registers: that proxy is
/// not `Sendable`, so its table stays in the closures' region (the proof is
/// ``RegionBound``'s).
@usableFromInline
final class ProxyTable: @unchecked Sendable {
    let group = HandlerGroup()

    /// The id of slot 0: the lowest id of the proxy class's selectors.
    private let base: Int

    /// Slot `i` is the core of the selector with id `base + i`, or nil until
    /// the selector's first message or closure. As many slots as the
    /// declaration spans, fixed at creation. Guarded by `lock`, so its
    /// accesses skip the dynamic exclusivity check (its measured worth:
    /// Benchmarks/HISTORY.md, "Unsafe constructs").
    @exclusivity(unchecked) private var cores: ContiguousArray<AnyHandlerCore?>

    /// Guarded by `lock`.
    @exclusivity(unchecked) private weak var realObject: AnyObject?
    @exclusivity(unchecked) private var realWitness: UnsafeRawPointer?

    /// The proxy's stand-in (see ``DelegateProxy/standIn``), set once.
    /// Guarded by `lock`.
    private var standInObject: (any DelegateProxyStandIn)?

    /// A table for the selectors of `declaration`.
    init(spanning declaration: ProxyDeclaration) {
        base = declaration.base
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

    /// Everything one message needs, in one critical section: the
    /// selector's snapshot with the removal count, and the real delegate with
    /// its witness table, unless the snapshot's one closure answers alone
    /// (``AnyHandlerSnapshot/isSoleTerminal``: a plain closure of no actor
    /// whose selector's combining rule does not ask the real delegate too): a
    /// message answered by one closure does not load the weak reference.
    @usableFromInline
    func route(_ id: Int) -> ProxyRoute {
        group.lock.lock()
        defer { group.lock.unlock() }
        let slot = id &- base
        guard UInt(bitPattern: slot) < UInt(bitPattern: cores.count) else {
            // Not one of the proxy's selectors (forwarded in a release
            // build): no closures can be registered for it.
            return ProxyRoute(
                closures: nil, removals: 0, delegate: RealDelegate.retained(realObject), witness: realWitness)
        }
        guard cores[slot] != nil else {
            // The selector's first message to this proxy: the caller
            // declares it (``ProxyRoute/isFirstMessage``), which makes the
            // core that the next messages find empty.
            return ProxyRoute(
                closures: nil, removals: ProxyRoute.firstMessage, delegate: RealDelegate.retained(realObject),
                witness: realWitness)
        }
        // The core is used in place, not bound to a local: a `let core` is a
        // strong copy, one retain and one release a message.
        if let snapshot = cores[slot].unsafelyUnwrapped.snapshotLocked() {
            if snapshot.isSoleTerminal {
                return ProxyRoute(closures: snapshot, removals: 0, delegate: nil, witness: nil)
            }
            return ProxyRoute(
                closures: snapshot, removals: group.removals.load(), delegate: RealDelegate.retained(realObject),
                witness: realWitness)
        }
        return ProxyRoute(closures: nil, removals: 0, delegate: RealDelegate.retained(realObject), witness: realWitness)
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

/// What ``ProxyTable/route(_:)`` read for one message: one
/// reference and plain words, so that it is returned in registers and a
/// message answered by one closure releases only the snapshot.
@usableFromInline
struct ProxyRoute {
    /// The selector's snapshot (a `HandlerSnapshot<ProxyClosure<A, R>>`), or
    /// nil when no closure is registered for it.
    @usableFromInline let closures: AnyHandlerSnapshot?
    /// With closures, the removal count read with the snapshot; without,
    /// ``firstMessage`` for the selector's first message to the proxy (a
    /// word the route already has, so that it is still returned in
    /// registers), zero otherwise.
    @usableFromInline let removals: UInt

    /// The value of ``removals`` that marks a selector's first message.
    @usableFromInline static let firstMessage = UInt.max

    /// Whether this is the selector's first message to the proxy (no
    /// closures then).
    @inlinable var isFirstMessage: Bool { closures == nil && removals == Self.firstMessage }
    /// The real delegate, retained (the weak load's +1), or nil: absent, or
    /// not needed (see ``ProxyTable/route(_:)``). Whoever reads the
    /// route takes it over once: ``callDelegate(as:_:)``, or
    /// ``withDelegate(as:_:)`` then ``releaseDelegate()`` (see
    /// ``RealDelegate/retained(_:)``).
    @usableFromInline let delegate: Unmanaged<AnyObject>?
    /// The real delegate's witness table (see ``RealDelegate``).
    @usableFromInline let witness: UnsafeRawPointer?
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
