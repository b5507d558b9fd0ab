/// One delay: its record in the timer core and, at the same time, the
/// ``CancellationToken`` its owner holds. One allocation per delay.
///
/// The heap refers to a pending record without retaining it (see
/// ``TimerCore``), so the owner's reference is the only strong one while the
/// delay waits: when the owner lets go, `deinit` takes the entry out of the
/// heap, and the closure and its captures are released with the record. At
/// its deadline the core retains the record (unless its `deinit` has begun)
/// for as long as it takes to run it.
///
/// Every mutable field is guarded by `core.lock`.
class DelayRecord: CancellationToken, @unchecked Sendable {
    /// The user's closure; nil once fired or cancelled, so that its captures
    /// are released at once.
    final var action: (@Sendable () -> Void)?
    let core: TimerCore
    /// Where the closure runs: nil inline on the timer thread, a
    /// `DispatchQueue`, or an ``ExecutorRunner``.
    let target: AnyObject?
    /// One of the `State` values.
    final var slot: Int32 = State.new
    /// The index of the record's entry in the heap while it is pending;
    /// kept up to date by the heap as entries move. 32 bits, beside `slot`,
    /// so that a record stays in the allocator's 96-byte size class.
    final var heapIndex: Int32 = 0
    /// Whether ``cancel()`` was called: what ``isCancelled`` reports.
    final var ownerCancelled = false

    enum State {
        /// Waiting in the heap.
        static let pending: Int32 = 0
        /// Created, not yet in the heap.
        static let new: Int32 = -1
        /// Taken out of the heap at its deadline, waiting for its executor.
        static let due: Int32 = -2
        /// A repeating delay whose closure is running now.
        static let running: Int32 = -3
        /// Fired or cancelled: nothing left to do.
        static let finished: Int32 = -4
    }

    @inline(__always)
    init(core: TimerCore, target: AnyObject?, action: @escaping @Sendable () -> Void) {
        self.core = core
        self.target = target
        self.action = action
        super.init()
    }

    deinit {
        // The owner let go of a delay that may still be pending: its entry
        // leaves the heap. The closure is released after this body, with the
        // other stored properties, outside the lock.
        //
        // `slot` is read without the lock, as a token reads its flag in
        // deinit: whoever wrote it last held a strong reference, released
        // before this, and the heap never writes it once the record's
        // deinit has begun. Only a pending record needs the lock.
        guard slot == State.pending else { return }
        let lock = core.lock
        lock.lock()
        slot = State.finished
        core.pendingRecordEndedLocked(self)
        lock.unlock()
    }

    /// Whether the record repeats. Repeating records are re-inserted after
    /// each run.
    var repeats: Bool { false }

    /// Claims the closure for one run; the caller holds the lock and the
    /// record was popped at `deadline`. Returns nil if it was cancelled.
    func claimLocked() -> (@Sendable () -> Void)? {
        guard slot == State.due, let action else { return nil }
        if repeats {
            slot = State.running
        } else {
            slot = State.finished
            self.action = nil
        }
        return action
    }

    /// Runs the closure on the current thread if the record is still due,
    /// then, for a repeating record, schedules its next tick.
    func fire() {
        // Plain lock/unlock: see `cancel()`.
        let lock = core.lock
        lock.lock()
        let body = claimLocked()
        lock.unlock()
        guard let body else { return }
        body()
        afterRun()
    }

    /// Called after the closure ran, with no lock held.
    func afterRun() {}

    /// Called with no lock held after the record finished (fired or
    /// cancelled), for subclasses that hold more than the closure.
    func didFinish() {}

    @discardableResult
    override func cancel() -> Bool {
        finish(byOwner: true)
    }

    override var isCancelled: Bool {
        core.lock.withLock { ownerCancelled }
    }

    /// Ends the delay unless it already ran or ended; returns whether this
    /// prevented anything. `byOwner` is true for ``cancel()``, which counts
    /// only its first call.
    func finish(byOwner: Bool) -> Bool {
        // Plain lock/unlock rather than `withLock`: returning the closure
        // through a generic result would re-abstract it, an allocation on the
        // hot path of every cancel.
        let lock = core.lock
        lock.lock()
        if byOwner {
            if ownerCancelled {
                lock.unlock()
                return false
            }
            ownerCancelled = true
        }
        let state = slot
        if state == State.finished {
            lock.unlock()
            return false
        }
        slot = State.finished
        if state == State.pending { core.removeLocked(self) }
        let released = action
        action = nil
        lock.unlock()
        // The closure and its captures are released here, outside the lock:
        // their deinit may run user code.
        _ = released
        didFinish()
        return true
    }
}

extension DelayRecord {
    /// The record of a one-shot delay whose closure `ActorDelivery.make`
    /// prepared: a plain record for a nonisolated closure, an
    /// ``ActorDelayRecord`` for an actor's.
    @inline(__always)
    static func make(
        core: TimerCore, target: AnyObject?, action: @escaping @Sendable () -> Void,
        delivery: ActorDelivery<Void>?
    ) -> DelayRecord {
        guard let delivery else { return DelayRecord(core: core, target: target, action: action) }
        return ActorDelayRecord(core: core, target: target, action: action, delivery: delivery)
    }
}

/// A one-shot delay scheduled from an actor. The record is its token, as
/// for any delay, and ending it also drops the events that wait for the
/// actor: what the token of ``ActorDelivery/token(_:ending:)`` does for other
/// registrations, without that token's object.
final class ActorDelayRecord: DelayRecord, @unchecked Sendable {
    private let delivery: ActorDelivery<Void>

    init(
        core: TimerCore, target: AnyObject?, action: @escaping @Sendable () -> Void,
        delivery: ActorDelivery<Void>
    ) {
        self.delivery = delivery
        super.init(core: core, target: target, action: action)
    }

    deinit {
        // Released without `cancel()`: the waiting events are dropped before
        // the record leaves the heap.
        delivery.cancel()
    }

    @discardableResult
    override func cancel() -> Bool {
        // Dropped first, so that no waiting event runs once this returns.
        let dropped = delivery.cancel()
        return super.cancel() || dropped
    }
}

/// A delay that runs again and again on a drift-free schedule: tick *k*
/// (from 0) falls due at `origin + first + k × interval`, computed exactly in
/// `Duration` from the origin rather than accumulated, so rounding never piles
/// up.
final class RepeatingDelayRecord: DelayRecord, @unchecked Sendable {
    /// The time the delay was scheduled, in ticks.
    let originTicks: Int64
    /// From the origin to tick 0.
    let first: Duration
    let interval: Duration
    /// The index of the tick that is pending or running. Guarded by the lock.
    var tick: Int64 = 0

    init(
        core: TimerCore, target: AnyObject?, origin: Int64, first: Duration, interval: Duration,
        action: @escaping @Sendable () -> Void
    ) {
        self.originTicks = origin
        self.first = first
        self.interval = interval
        super.init(core: core, target: target, action: action)
    }

    override var repeats: Bool { true }

    override func afterRun() {
        // The clock is read before the lock: its `now` may be user code.
        // Reading it a little early only makes the next tick a little later
        // than `now` at the insertion, never earlier.
        let now = core.currentTicks()
        let changed = core.lock.withLock { () -> Bool in
            guard slot == State.running else { return false }
            // The next tick after now: ticks that passed while the closure ran
            // late are skipped, never shifted, so the schedule does not drift.
            var next = tick &+ 1
            var deadline = deadline(ofTick: next)
            if deadline <= now {
                let behind = Duration.nanoseconds(now &- originTicks) - first
                let skip = Int64(behind / interval)
                if skip > next {
                    next = skip
                    deadline = self.deadline(ofTick: next)
                }
                while deadline <= now {
                    next &+= 1
                    deadline = self.deadline(ofTick: next)
                }
            }
            tick = next
            return core.insertLocked(self, deadline: deadline)
        }
        if changed { core.earliestDeadlineChanged() }
    }

    func deadline(ofTick index: Int64) -> Int64 {
        let offset = (first + interval * index).saturatingNanoseconds
        let (sum, overflow) = originTicks.addingReportingOverflow(offset)
        return overflow ? .max : sum
    }
}

/// A delay bound to an object: it also holds the token of its end-of-life
/// callback, released when the delay fires or is cancelled so that a
/// long-lived object does not collect callbacks of finished delays.
final class BoundDelayRecord: DelayRecord, @unchecked Sendable {
    /// Guarded by the lock.
    var endToken: CancellationToken?

    override func afterRun() {
        didFinish()
    }

    override func didFinish() {
        let token = core.lock.withLock { () -> CancellationToken? in
            let token = endToken
            endToken = nil
            return token
        }
        _ = token
    }
}
