/// One end-of-life callback of a ``LifetimeStorage``: a record of the
/// storage's chain and, at the same time, the ``CancellationToken`` its
/// registrant holds. One allocation per callback.
///
/// The chain owns the record (see `LifetimeStorage+EndCallbacks.swift`);
/// the record knows the storage's lock (immortal: a stripe or the side
/// table's) and not the storage, so a token kept after its object ended
/// refers to nothing that has gone. `cancel()` only claims the closure: the
/// record leaves the chain at the next prune, or when the storage ends.
final class EndCallback: CancellationToken, @unchecked Sendable {
    /// The chain's length at which a registration first prunes it.
    static let firstPrune = 8

    private let lock: Lock
    /// The closure; nil once claimed, by the ending storage or by
    /// ``cancel()``. Guarded by `lock`.
    var body: (@Sendable () -> Void)?
    /// The next record: the older one while in the chain (guarded by `lock`);
    /// once the chain is reversed, the next to run or to drop (read and
    /// written only by whoever reversed it).
    var link = Link()
    /// Whether ``cancel()`` was called: what ``isCancelled`` reports. Guarded
    /// by `lock`.
    private var ownerCancelled = false

    /// A record's link to the next one. A struct and not `EndCallback?`: for
    /// a class with a stored `Optional<Self>`, Swift's deinit releases the
    /// list iteratively, a retain and a release at every record's end even
    /// with no next record, where a plain field costs one release. Nothing
    /// needs it: every walker below takes a record's link before it lets go
    /// of the record, so no record ends linked.
    struct Link {
        var record: EndCallback?
    }

    init(_ body: consuming @escaping @Sendable () -> Void, lock: Lock) {
        self.body = body
        self.lock = lock
        super.init()
    }

    // Out of line: inlined into the deallocating deinit with the token's own
    // deinit, the fields' releases come wrapped in a retain and a release of
    // the record.
    @inline(never)
    deinit {}

    @discardableResult
    override func cancel() -> Bool {
        lock.lock()
        if ownerCancelled {
            lock.unlock()
            return false
        }
        ownerCancelled = true
        let released = body.take()
        lock.unlock()
        // Released here, outside the lock: its captures' deinit may run user code.
        return released != nil
    }

    override var isCancelled: Bool {
        lock.lock()
        let cancelled = ownerCancelled
        lock.unlock()
        return cancelled
    }

    /// Reverses the chain that starts at `chain`; returns how many of its
    /// callbacks are still registered: neither claimed nor let go of by
    /// their registrant (told by `isKnownUniquelyReferenced` while the record
    /// is held here alone, besides its registrant's reference). With
    /// `registeredOnly`, moves the others to the front of `dropped` instead.
    /// The caller holds the lock.
    ///
    /// No closure: an access to a record's fields inside one would keep the
    /// compiler from dropping their dynamic exclusivity checks.
    @discardableResult
    static func reverse(
        _ chain: inout EndCallback?, droppingInto dropped: inout EndCallback?, registeredOnly: Bool
    ) -> Int {
        var reversed: EndCallback?
        var registered = 0
        while chain != nil {
            var following = chain!.link.record.take()
            let isRegistered = chain!.body != nil && !isKnownUniquelyReferenced(&chain)
            if isRegistered { registered &+= 1 }
            if registeredOnly && !isRegistered {
                chain!.link.record = dropped.take()
                dropped = chain.take()
            } else {
                chain!.link.record = reversed.take()
                reversed = chain.take()
            }
            swap(&chain, &following)
        }
        chain = reversed.take()
        return registered
    }

    /// Reverses the chain that starts at `chain`; returns its length.
    @discardableResult
    static func reverse(_ chain: inout EndCallback?) -> Int {
        var reversed: EndCallback?
        var count = 0
        while chain != nil {
            var following = chain!.link.record.take()
            chain!.link.record = reversed.take()
            reversed = chain.take()
            count &+= 1
            swap(&chain, &following)
        }
        chain = reversed.take()
        return count
    }

    /// Releases the records of `chain` one by one (not recursively through
    /// their links), with whatever closures they still hold. Call it with no
    /// lock held.
    static func release(_ chain: inout EndCallback?) {
        while chain != nil {
            var following = chain!.link.record.take()
            swap(&chain, &following)
        }
    }
}
