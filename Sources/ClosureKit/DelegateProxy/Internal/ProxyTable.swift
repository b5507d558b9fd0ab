// Public so that the inlinable `hasCore(_:)` can load `coreBits`.
public import Synchronization

/// The storage behind a ``DelegateProxy``: one ``ProxySlot`` per declared
/// selector, whose handler cores all share one ``HandlerGroup``, whose lock
/// also guards the weak real delegate.
///
/// The table spans its proxy class's declaration only: slot `i` holds the
/// selector with id `base + i`, for the `span` ids from the declaration's
/// lowest to its highest (see ``ProxyDeclaration``). So a proxy's table costs
/// the same however many selectors the rest of the process declares, and an
/// id outside the span, or inside it but not declared (a selector of another
/// proxy, forwarded in a release build, where `forward` does not check),
/// finds no closures. The slots are made with the table and never replaced:
/// a `let`, which a message reads with no exclusivity check.
///
/// ``route(_:hasCore:)`` reads, in one critical section, everything a message
/// needs: the closure that answers it alone, or the selector's snapshot,
/// the removal count and the real delegate. It is a library function, not
/// inlined into proxies, so no lock is taken in one module and released in
/// another, and its reads of the table's and the slots' `var`s pay no
/// dynamic exclusivity check.
///
/// A message of a selector that has never had a closure, to a proxy that is
/// ``confined`` (a ``DelegateProxy``), takes no lock: see ``route(_:hasCore:)``.
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
    @usableFromInline let base: Int

    /// Bit `i` is set once slot `i` (of the first 64) has a core: a
    /// ``confined`` table's message reads it inlined in the proxy's method,
    /// with no call, to send a selector that has never had a closure straight
    /// to the real delegate (``delegateRoute()``). Set under the lock, with
    /// the core; never cleared, as a core never goes.
    @usableFromInline let coreBits = Atomic<UInt64>(0)

    /// How many slots ``coreBits`` answers for: 64 on a ``confined`` table,
    /// none on another (whose messages take the lock), so that one unsigned
    /// comparison tests both.
    @usableFromInline let bitsSpan: UInt

    /// Whether the table's proxy is a ``DelegateProxy``: not `Sendable`, so
    /// confined to one region at a time, which its messages, its
    /// registrations and its ``DelegateProxyBase/realDelegate`` share (Swift
    /// keeps them in one isolation; a subclass must not declare itself
    /// `Sendable`). Two of them never run at once, so a message may read
    /// what only they write without the lock: whether its selector's slot
    /// has a core, and the real delegate. Tokens, which cancel from any
    /// thread, change a core's entries and a slot's answer only, under the
    /// lock. A ``SendableDelegateProxy``'s table is not confined: its real
    /// delegate may be replaced on one thread while another sends a message,
    /// and a weak reference is not safe to load while it is being stored (the
    /// store may free the side table the load is about to use).
    @usableFromInline let confined: Bool

    /// Slot `i` is the selector with id `base + i`; nil for an id of the
    /// span that the declaration does not hold.
    private let slots: ContiguousArray<ProxySlot?>

    /// Guarded by `lock`; a ``confined`` table's messages read them without
    /// it (see ``route(_:hasCore:)``).
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
        bitsSpan = confined ? UInt(UInt64.bitWidth) : 0
        var slots = ContiguousArray<ProxySlot?>(repeating: nil, count: declaration.span)
        for id in declaration.ids { slots[id - declaration.base] = ProxySlot(group: group) }
        self.slots = slots
    }

    /// The slot of `id`, or nil for an id the declaration does not hold.
    @inline(__always)
    private func slot(of id: Int) -> ProxySlot? {
        let index = id &- base
        // One unsigned comparison rejects ids below `base` and past the span.
        return UInt(bitPattern: index) < UInt(bitPattern: slots.count) ? slots[index] : nil
    }

    /// How many slots the table has: its declaration's span. For tests.
    var slotCount: Int { slots.count }

    /// The slot of `id`, which must be one of the declaration's (the proxy
    /// checks it before it registers a closure).
    private func declaredSlot(_ id: Int) -> ProxySlot {
        guard let slot = slot(of: id) else {
            preconditionFailure("ClosureKit: selector id \(id) outside its proxy's table (\(base)+\(slots.count))")
        }
        return slot
    }

    /// The core of `slot`, whose closures are `ProxyClosure<Arguments,
    /// Result>` (a selector's id fixes them), created on first use together
    /// with the slot's way to box the one that answers alone.
    private func core<Arguments, Result>(
        of slot: ProxySlot, id: Int, as _: ProxyClosure<Arguments, Result>.Type
    ) -> HandlerCore<ProxyClosure<Arguments, Result>> {
        typealias Core = HandlerCore<ProxyClosure<Arguments, Result>>
        return group.lock.withLock {
            if let core = slot.core { return Core.typed(core: core) }
            let core = Core(group: group)
            slot.core = core
            slot.boxAnswer = ProxyAnswer<Arguments, Result>.box(_:)
            let index = id &- base
            if index < UInt64.bitWidth { coreBits.bitwiseOr(1 &<< UInt64(index), ordering: .relaxed) }
            return core
        }
    }

    /// Adds `closure` for `id` and returns its token; see
    /// ``HandlerCore/add(_:position:once:terminal:)``. The slot's answer is
    /// cleared after the core changes: by this registration, and by the end
    /// of the token of a closure that may answer alone, so that the slot
    /// never keeps a removed closure (and its captures) beyond its
    /// `cancel()`.
    func add<Arguments, Result>(
        _ closure: ProxyClosure<Arguments, Result>, for id: Int, position: HookPosition, once: Bool, terminal: Bool
    ) -> CancellationToken {
        let slot = declaredSlot(id)
        let token = core(of: slot, id: id, as: ProxyClosure<Arguments, Result>.self)
            .add(closure, position: position, once: once, terminal: terminal)
        slot.clearAnswer()
        guard terminal, !once else { return token }
        return CancellationToken(registration: AnswerRegistration(token, slot: slot))
    }

    /// Whether `id`'s slot holds its answering closure, boxed. For tests.
    func hasBoxedAnswer(for id: Int) -> Bool {
        guard let slot = slot(of: id) else { return false }
        return group.lock.withLock { slot.answer != nil }
    }

    /// Whether any closure is registered for `id`.
    func hasClosures(for id: Int) -> Bool {
        guard let slot = slot(of: id) else { return false }
        return group.lock.withLock { (slot.core?.registered ?? 0) > 0 }
    }

    /// Removes every closure of every selector; tokens' `cancel()` then
    /// returns false. The owner calls it when it ends (see ``AnyHandlerCore``).
    func removeAll() {
        let cores = group.lock.withLock { slots.map { $0?.core } }
        for core in cores { core?.removeAllEntries() }
        // After the entries: a message in between may box one again.
        for slot in slots { slot?.clearAnswer() }
    }

    // MARK: - Message path

    /// Everything one message needs: the closure that answers it alone
    /// (the slot's ``ProxySlot/answer``, boxed from the snapshot the first
    /// time), or the selector's snapshot with the removal count and the real
    /// delegate with its witness table. A message answered by one closure
    /// reads no snapshot and does not load the weak reference.
    ///
    /// A selector that has never had a closure has no core. On a
    /// ``confined`` table such a message reads the real delegate without the
    /// lock: nothing that could change the slot or the real delegate runs
    /// meanwhile. Every other message reads all of it in one critical
    /// section.
    ///
    /// A proxy's method has tested ``coreBits`` inlined (``isFirst64(_:)``,
    /// ``hasCore(_:)``): `hasCore` says that the slot of `id` is declared and
    /// has a core, so the route goes straight to the lock. Trusting it is
    /// safe: the slot is still read checked, and one with no core routes as
    /// one with no closures.
    @usableFromInline
    func route(_ id: Int, hasCore: Bool) -> ProxyRoute {
        let index = id &- base
        if hasCore { return lockedRoute(at: index) }
        // Nil for an id that is not one of the proxy's selectors (forwarded in
        // a release build): no closures can be registered for it.
        // One unsigned comparison rejects ids below `base` and past the span.
        guard UInt(bitPattern: index) < UInt(bitPattern: slots.count), slots[index] != nil else {
            return confined ? delegateOnly() : delegateOnlyLocking()
        }
        // The slot is used in place, not bound to a local: a `let slot` is a
        // strong copy, one retain and one release a message.
        if confined, slots[index]!.core == nil { return delegateOnly() }
        return lockedRoute(at: index)
    }

    /// Whether `id` is of one of the first 64 slots of a ``confined``
    /// table, whose ``coreBits`` bit tells, with no call, whether it has ever
    /// had a closure (``hasCore(_:)``). Inlined in the proxy's method.
    @inlinable @inline(__always)
    func isFirst64(_ id: Int) -> Bool {
        UInt(bitPattern: id &- base) < bitsSpan
    }

    /// Whether the slot of `id`, one of the first 64, has a core; false for
    /// an id of that range that the declaration does not hold.
    @inlinable @inline(__always)
    func hasCore(_ id: Int) -> Bool {
        coreBits.load(ordering: .relaxed) & (1 &<< UInt64(truncatingIfNeeded: id &- base)) != 0
    }

    /// The route of a message to a ``confined`` table whose selector has
    /// never had a closure: the real delegate, read without the lock (see
    /// ``route(_:hasCore:)``).
    @usableFromInline
    func delegateRoute() -> ProxyRoute {
        delegateOnly()
    }

    /// The route of the declared slot at `index`, which has a core, read
    /// under the lock.
    @inline(__always)
    private func lockedRoute(at index: Int) -> ProxyRoute {
        group.lock.lock()
        defer { group.lock.unlock() }
        if let answer = slots[index]!.answer {
            return ProxyRoute(closures: answer, removals: 0, delegate: nil, witness: nil)
        }
        if let snapshot = slots[index]!.core?.snapshotLocked() {
            if snapshot.isSoleTerminal {
                // Boxed once; library code (an allocation), no user code.
                let answer = slots[index]!.boxAnswer!(snapshot)
                slots[index]!.answer = answer
                return ProxyRoute(closures: answer, removals: 0, delegate: nil, witness: nil)
            }
            return ProxyRoute(
                closures: snapshot, removals: group.removals.load(), delegate: realObject, witness: realWitness)
        }
        return delegateOnly()
    }

    /// A route with no closures: the real delegate, if any, retained. The
    /// caller holds the lock, or is a ``confined`` table's message.
    @inline(__always)
    private func delegateOnly() -> ProxyRoute {
        ProxyRoute(closures: nil, removals: 0, delegate: realObject, witness: realWitness)
    }

    /// ``delegateOnly()`` under the lock.
    private func delegateOnlyLocking() -> ProxyRoute {
        group.lock.lock()
        defer { group.lock.unlock() }
        return delegateOnly()
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
        add(.observer(body), for: selector.id, position: position, once: options.contains(.once), terminal: false)
    }
}

/// One declared selector of one proxy: its handler core, made with its first
/// closure, and the closure that answers its messages alone while one does.
///
/// `@unchecked Sendable`, as ``ProxyTable``: its `var`s are guarded by the
/// group's lock (a ``ProxyTable/confined`` table's messages read `core`
/// without it, see ``ProxyTable/route(_:hasCore:)``); the tokens of answering
/// closures clear `answer` from any thread (``AnswerRegistration``).
final class ProxySlot: @unchecked Sendable {
    let group: HandlerGroup

    /// The selector's closures; nil until the first.
    var core: AnyHandlerCore?

    /// The core's one closure while it answers every message by itself (its
    /// snapshot is ``AnyHandlerSnapshot/isSoleTerminal``), boxed as a
    /// ``ProxyAnswer``, so that a message reads it with one retain and
    /// calls it in place; nil until a message boxes it. Cleared after every
    /// change that can end that: a registration, the end of the token of a
    /// closure that may answer alone, ``ProxyTable/removeAll()``.
    var answer: AnyHandlerSnapshot?

    /// Boxes the one closure of a snapshot of `core` that answers alone:
    /// ``ProxyAnswer/box(_:)`` for the selector's types, set with the first
    /// closure.
    var boxAnswer: ((AnyHandlerSnapshot) -> AnyHandlerSnapshot)?

    init(group: HandlerGroup) {
        self.group = group
    }

    /// Clears ``answer``; the box is released after the lock (it holds a
    /// user's closure).
    func clearAnswer() {
        let old = group.lock.withLock { () -> AnyHandlerSnapshot? in
            defer { answer = nil }
            return answer
        }
        _ = old // released after the lock
    }
}

/// The closure that answers its selector's messages alone (a plain
/// `instead` closure of no actor, ``ProxyClosure/answer(_:)``), boxed: the
/// snapshot of a slot whose one closure answers alone. A
/// ``ProxyTable/route(_:hasCore:)`` that returns it says so with
/// ``AnyHandlerSnapshot/isSoleTerminal``, which the route never sets for a
/// core's own snapshot: it boxes that one's closure instead.
///
/// Its one stored property is an immutable `@Sendable` closure; the
/// `@unchecked Sendable` is its base's, which Swift asks a subclass to
/// restate.
@usableFromInline
final class ProxyAnswer<Arguments, Result>: AnyHandlerSnapshot, @unchecked Sendable {
    @usableFromInline let body: @Sendable (Arguments) -> Result

    /// Boxes the closure of `snapshot`, a `HandlerSnapshot<ProxyClosure<
    /// Arguments, Result>>` that is ``AnyHandlerSnapshot/isSoleTerminal``:
    /// its one entry is an `.answer`.
    static func box(_ snapshot: AnyHandlerSnapshot) -> AnyHandlerSnapshot {
        guard case .answer(let body) = HandlerCore<ProxyClosure<Arguments, Result>>.typed(snapshot).items[0].element
        else { preconditionFailure("ClosureKit: a proxy's sole terminal closure is not an answer") }
        return ProxyAnswer(body, group: snapshot.group)
    }

    init(_ body: @escaping @Sendable (Arguments) -> Result, group: HandlerGroup) {
        self.body = body
        super.init(isSoleTerminal: true, isSole: true, group: group)
    }

    /// Calls the closure, borrowed from the box, which the caller holds.
    @inlinable @inline(__always)
    func answer(_ arguments: Arguments) -> Result {
        body(arguments)
    }
}

/// The registration of a closure that may answer its selector alone: ends
/// the core's registration, then clears the slot's ``ProxySlot/answer``, so
/// that the closure is released before `cancel()` returns and no message
/// that starts afterwards calls it.
private final class AnswerRegistration: TokenRegistration {
    private let inner: CancellationToken
    private let slot: ProxySlot

    init(_ inner: CancellationToken, slot: ProxySlot) {
        self.inner = inner
        self.slot = slot
    }

    func cancelRegistration() -> Bool {
        let prevented = inner.cancel()
        slot.clearAnswer()
        return prevented
    }
}
