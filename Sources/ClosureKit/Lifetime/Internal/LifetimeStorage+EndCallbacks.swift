/// End-of-life callbacks: a chain of ``EndCallback`` records, newest first,
/// each also the ``CancellationToken`` its registrant holds.
///
/// The chain owns its records through strong links, so a registration costs
/// one allocation, its record, and no list, core, entry or snapshot: the
/// callbacks are dispatched once, when the storage ends and nothing can
/// register any more, so they need none of the handler engine's machinery.
/// What they share with every registration holds:
///
/// - each callback runs at most once, in registration order, with no lock
///   held, and never after its token's `cancel()` has returned: the storage
///   claims each one under the lock just before it runs, `cancel()` claims it
///   under the same lock, and only the claimant gets the closure;
/// - a cancelled callback's closure, and its captures, are released by
///   `cancel()`, after unlocking;
/// - a callback whose registrant let go of its token never runs: the chain
///   then holds the record's only reference, which the storage reads just
///   before claiming it (no reference can come back: the chain hands none
///   out). Its record, and its captures, go at the next prune or at the end,
///   after unlocking.
///
/// A registration prunes the chain (drops cancelled and let-go records) once
/// it holds ``EndCallback/firstPrune`` records, or twice those the last prune
/// kept: the chain stays within about twice the callbacks still registered,
/// at O(1) amortised per registration.
extension LifetimeStorage {
    /// Registers an end-of-life callback as the registrant wrote it: made
    /// callable where the storage ends (`ActorDelivery`: at once when
    /// nonisolated, through the registrant's actor otherwise), then chained
    /// (``addEndHandler(_:owner:)``). With `owner` (an adopter of
    /// ``Lifetime``), checks that the storage belongs to it.
    ///
    /// - Returns: The token that unregisters the callback.
    @usableFromInline
    func addEndCallback(
        _ body: consuming @escaping @isolated(any) @Sendable () -> Void, owner: ObjectIdentifier? = nil
    ) -> CancellationToken {
        let (handler, delivery) = ActorDelivery.make(body)
        // Ends here, so that the optimiser cancels its release against the
        // copy that `handler` took; released at the end of the function, it
        // costs a retain and a release per registration.
        _ = consume body
        // Consumed: the callback's record takes the handler over without a retain of its own.
        return ActorDelivery.token(addEndHandler(consume handler, owner: owner), ending: delivery)
    }

    /// Registers an end-of-life callback at the head of the chain and returns
    /// its record, which is its token. With `owner` (an adopter of
    /// ``Lifetime``), checks in the same critical section that the storage
    /// belongs to it (see ``bind(to:)``).
    func addEndHandler(
        _ body: consuming @escaping @Sendable () -> Void, owner: ObjectIdentifier? = nil
    ) -> CancellationToken {
        let record = EndCallback(consume body, lock: lock)
        var pruned: EndCallback?
        lock.lock()
        if let owner { checkOwnerLocked(owner) }
        if endCallbackRecords >= endCallbackPruneAt { pruned = pruneEndCallbacksLocked() }
        // The record takes the chain over, then heads it. The references
        // move by swaps, which release nothing, so that no access to the
        // chain can run a deinit and the optimiser drops the dynamic
        // exclusivity checks.
        swap(&record.link.record, &newestEndCallback)
        var head: EndCallback? = record
        swap(&head, &newestEndCallback)
        // `head` now holds the new record's link from before the first swap:
        // none. Checked, so that the optimiser knows it and does not release
        // it: otherwise a release of nil at every registration.
        precondition(head == nil, "A new end-of-life callback record is linked to no other")
        endCallbackRecords &+= 1
        lock.unlock()
        // The pruned records' closures are user code's captures.
        EndCallback.release(&pruned)
        return record
    }

    /// Takes the records whose callback can no longer run (cancelled, or let
    /// go by their registrant) out of the chain, and returns them linked, for
    /// the caller to release once it has unlocked; the caller holds the lock.
    private func pruneEndCallbacksLocked() -> EndCallback? {
        var dropped: EndCallback?
        var chain: EndCallback?
        swap(&chain, &newestEndCallback)
        // Oldest first, without the dropped records; then back, newest first.
        let kept = EndCallback.reverse(&chain, droppingInto: &dropped, registeredOnly: true)
        EndCallback.reverse(&chain)
        swap(&chain, &newestEndCallback)
        endCallbackRecords = kept
        endCallbackPruneAt = max(EndCallback.firstPrune, 2 &* endCallbackRecords)
        return dropped
    }

    /// Runs the callbacks in registration order. Called from `deinit`:
    /// nothing can register any more, so once the chain is detached its links
    /// are the storage's alone, read and written here without the lock.
    ///
    /// The critical section that detaches the chain also claims the first
    /// callback; each later one is claimed under the lock just before it
    /// runs, so that one cancelled, or let go, by an earlier callback (or by
    /// another thread) does not run.
    func runEndCallbacks() {
        lock.lock()
        guard newestEndCallback != nil else { return lock.unlock() }
        endCallbackRecords = 0
        var current: EndCallback?
        swap(&current, &newestEndCallback)
        EndCallback.reverse(&current)
        var claimed = isKnownUniquelyReferenced(&current) ? nil : current!.body.take()
        lock.unlock()
        while true {
            // Consumed: called without a retain of its own.
            if let body = claimed.take() { body() }
            // Releases the previous record here, with no lock held: its token
            // may be gone, and its closure with it.
            current = current!.link.record.take()
            guard current != nil else { return }
            if isKnownUniquelyReferenced(&current) { continue }
            lock.lock()
            claimed = current!.body.take()
            lock.unlock()
        }
    }

    /// The callbacks still registered: those neither cancelled nor let go of.
    /// For tests.
    var endCallbackCount: Int {
        var dropped: EndCallback?
        var chain: EndCallback?
        lock.lock()
        swap(&chain, &newestEndCallback)
        let count = EndCallback.reverse(&chain, droppingInto: &dropped, registeredOnly: false)
        EndCallback.reverse(&chain)
        swap(&chain, &newestEndCallback)
        lock.unlock()
        return count
    }
}
