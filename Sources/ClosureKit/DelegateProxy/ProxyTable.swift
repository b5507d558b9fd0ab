/// The storage behind a ``DelegateProxy``: one handler core per selector id,
/// all in one ``HandlerGroup`` whose lock also guards the weak real delegate.
///
/// ``route(_:)`` reads, in one critical section, everything a message needs:
/// the selector's snapshot, the removal count and the real delegate. It is a
/// library function, not inlined into proxies, so no lock is taken in one
/// module and released in another.
@usableFromInline
final class ProxyTable: @unchecked Sendable {
    let group = HandlerGroup()

    /// Slot `i` is the core of the selector with id `i`, or nil. Guarded by
    /// `lock` (benchmark row: "delegate proxy · instead closure").
    @exclusivity(unchecked) private var cores: ContiguousArray<AnyHandlerCore?> = []

    /// Guarded by `lock`.
    @exclusivity(unchecked) private weak var realObject: AnyObject?
    @exclusivity(unchecked) private var realWitness: UnsafeRawPointer?

    init() {}

    /// The core for `id`, created on first use with element type `Element`.
    /// A selector's id fixes its element type.
    func core<Element>(for id: Int, as _: Element.Type) -> HandlerCore<Element> {
        group.lock.withLock {
            if cores.count <= id {
                cores.append(contentsOf: repeatElement(nil, count: id + 1 - cores.count))
            }
            if let core = cores[id] { return HandlerCore<Element>.typed(core: core) }
            let core = HandlerCore<Element>(group: group)
            cores[id] = core
            return core
        }
    }

    /// Whether any closure is registered for `id`.
    func hasClosures(for id: Int) -> Bool {
        group.lock.withLock { id < cores.count && (cores[id]?.registered ?? 0) > 0 }
    }

    /// Removes every closure of every selector; tokens' `cancel()` then
    /// returns false. The owner calls it when it ends (see ``AnyHandlerCore``).
    func removeAll() {
        let cores = group.lock.withLock { self.cores }
        for core in cores { core?.removeAllEntries() }
    }

    // MARK: - Message path

    /// Everything one message needs, read under the lock: the selector's
    /// snapshot with the removal count, or else the real delegate with its
    /// witness table, or nothing.
    @usableFromInline
    func route(_ id: Int) -> ProxyRoute {
        group.lock.lock()
        defer { group.lock.unlock() }
        if id < cores.count, let snapshot = cores[id]?.snapshotLocked() {
            return ProxyRoute(object: snapshot, word: group.removals.load(), witness: nil, hasClosures: true)
        }
        return ProxyRoute(object: realObject, word: 0, witness: realWitness, hasClosures: false)
    }

    /// The real delegate, for a message with closures that needs it.
    @usableFromInline
    func routeToRealDelegate() -> ProxyRoute {
        group.lock.lock()
        defer { group.lock.unlock() }
        return ProxyRoute(object: realObject, word: 0, witness: realWitness, hasClosures: false)
    }

    // MARK: - Real delegate

    /// The real delegate's object, read under the lock.
    var realDelegateObject: AnyObject? {
        group.lock.withLock { realObject }
    }

    /// The real delegate, read under the lock.
    func realDelegate<Delegate>(as _: Delegate.Type) -> Delegate? {
        let route = routeToRealDelegate()
        guard let object = route.object else { return nil }
        return RealDelegate(object: object, witness: route.witness).value(as: Delegate.self)
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

/// What ``ProxyTable/route(_:)`` read for one message: one reference and
/// plain words, so that it is returned in registers and dropping it is one
/// release.
@usableFromInline
struct ProxyRoute {
    /// The selector's snapshot (a `HandlerSnapshot<ProxyClosure<A, R>>`)
    /// when `hasClosures`; otherwise the real delegate, or nil.
    @usableFromInline let object: AnyObject?
    /// With closures, the removal count read with the snapshot.
    @usableFromInline let word: UInt
    /// Without closures, the real delegate's witness table (see
    /// ``RealDelegate``).
    @usableFromInline let witness: UnsafeRawPointer?
    @usableFromInline let hasClosures: Bool

    init(object: AnyObject?, word: UInt, witness: UnsafeRawPointer?, hasClosures: Bool) {
        self.object = object
        self.word = word
        self.witness = witness
        self.hasClosures = hasClosures
    }

    /// The snapshot, when `hasClosures`.
    @inlinable @inline(__always)
    var closures: AnyHandlerSnapshot {
        unsafeDowncast(object.unsafelyUnwrapped, to: AnyHandlerSnapshot.self)
    }

    /// Calls `body` with the real delegate, which must be present. The
    /// delegate takes over the route's reference to it instead of copying
    /// it: one retain per message (the weak load's), as a hand-written call
    /// through a weak reference pays. On an object with weak references a
    /// retain and release pair costs about 70 ns.
    @inlinable @inline(__always)
    consuming func callDelegate<Delegate, Result>(as _: Delegate.Type, _ body: (Delegate) -> Result) -> Result {
        let witness = self.witness
        let object = self.object.unsafelyUnwrapped
        guard let witness else { return body(object as! Delegate) }
        let delegate = withUnsafeTemporaryAllocation(of: Delegate.self, capacity: 1) { buffer -> Delegate in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            raw.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
            raw.storeBytes(of: witness, toByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
            return buffer.baseAddress!.move()
        }
        return body(delegate)
    }
}

extension ProxyTable: ObserverRegistrar {
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
