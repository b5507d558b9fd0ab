import Dispatch

/// The events that wait for one actor, from every registration of that
/// actor, in the order they were sent.
///
/// One mailbox per actor: the main actor's lives as long as the process,
/// another actor's as long as a registration of that actor (or an event
/// that waits for it). A send runs a closure at once only when it is on the
/// closure's actor and the actor's mailbox is empty, so an event never
/// overtakes one sent before it to the same actor, whichever registrations
/// they are for (the `before` and `after` hooks of one call, the handlers of
/// two controls).
///
/// The queue is a growable ring (amortised O(1) at both ends); a waiting
/// event costs one closure context (the registration and the event's values)
/// and one slot of the ring, less than a `DispatchQueue.main.async` block.
///
/// Lock order: a mailbox's lock is a leaf. No closure runs under it and
/// nothing is released under it.
@usableFromInline
package final class ActorMailbox: @unchecked Sendable {
    let actor: any Actor
    /// The actor's identity, and whether it is the main actor: what
    /// ``runsNow()`` compares, read once.
    private let id: ObjectIdentifier
    let isMain: Bool
    private let lock = Lock()
    // Guarded by `lock`.
    private var ring = Ring<@Sendable () -> Void>()
    private var draining = false
    /// How many events wait, readable without the lock. A send on the actor
    /// runs a closure at once only when this is zero.
    private let waiting = AtomicCounter()

    private init(actor: any Actor) {
        self.actor = actor
        self.id = ObjectIdentifier(actor)
        self.isMain = id == ObjectIdentifier(MainActor.shared)
    }

    deinit {
        lock.destroy()
    }

    /// The main actor's mailbox.
    private static let main: ActorMailbox = {
        MainQueueKey.install()
        return ActorMailbox(actor: MainActor.shared)
    }()

    /// The mailboxes of other actors, by actor identity, held weakly. A
    /// mailbox holds its actor, so an identity is not reused while its entry
    /// lives.
    private static let others = Locked([ObjectIdentifier: WeakMailbox]())

    private struct WeakMailbox {
        weak var mailbox: ActorMailbox?
    }

    /// The mailbox of `actor`.
    static func of(_ actor: any Actor) -> ActorMailbox {
        let id = ObjectIdentifier(actor)
        if id == ObjectIdentifier(MainActor.shared) { return main }
        // A weak load makes a strong reference, which may become the last
        // one meanwhile: the sweep keeps the references it loads, and they
        // are released after the lock, so that no mailbox (nor the actor it
        // holds) is deinitialised under it.
        let (mailbox, loaded) = others.withLock { table -> (ActorMailbox, [ActorMailbox]) in
            if let existing = table[id]?.mailbox { return (existing, []) }
            var loaded: [ActorMailbox] = []
            if table.count > 64 && table.count.isMultiple(of: 64) {
                table = table.filter { entry in
                    guard let mailbox = entry.value.mailbox else { return false }
                    loaded.append(mailbox)
                    return true
                }
            }
            let made = ActorMailbox(actor: actor)
            table[id] = WeakMailbox(mailbox: made)
            return (made, loaded)
        }
        withExtendedLifetime(loaded) {}
        return mailbox
    }

    /// Whether code running now, on this thread, runs on `actor`: exactly,
    /// with no check that traps. The cheaper facts are asked first:
    /// 1. a library send isolated to `actor` is in progress on this thread,
    ///    or, for the main actor, this is the process's main thread
    ///    (``SenderIsolation``: one thread-local load);
    /// 2. for the main actor, this thread runs the main dispatch queue, the
    ///    main actor's executor in every host, on whichever thread
    ///    (``MainQueueKey``): what answers after an `await` in an `async`
    ///    executable, where the main actor runs on worker threads, and in a
    ///    `DispatchQueue.main.async` block, which runs no Swift task;
    /// 3. for any other actor, the concurrency runtime says whether this
    ///    thread runs the actor's executor (``SwiftRuntime/isRunning(on:)``):
    ///    what answers a delegate message or a property write made by the
    ///    actor's own code, which takes no isolation parameter.
    @usableFromInline
    static func isRunning(on actor: any Actor) -> Bool {
        let id = ObjectIdentifier(actor)
        let isMain = id == ObjectIdentifier(MainActor.shared)
        return SenderIsolation.isKnown(on: id, isMain: isMain) || isRunningAsked(actor, isMain: isMain)
    }

    /// Stops the program with `message` unless code running now runs on
    /// `actor`. Where ``isRunning(on:)`` says no, that answer is exact for
    /// the main actor and for an actor on the default executor
    /// (``SwiftRuntime/answersExactly(for:)``), and the program stops with
    /// `message`, in every build. Anywhere else (a custom executor, an Apple
    /// runtime older than the 26 releases) a "no" may mean "cannot tell", so
    /// the executor's own check decides (`preconditionIsolated`, which
    /// returns on the actor and stops the program elsewhere).
    @usableFromInline
    static func requireRunning(on actor: any Actor, _ message: @autoclosure () -> String) {
        if isRunning(on: actor) { return }
        stopUnlessIsolated(actor, message())
    }

    /// ``requireRunning(on:_:)`` where the caller already knows that
    /// ``isRunning(on:)`` said no.
    @inline(never)
    @usableFromInline
    static func stopUnlessIsolated(_ actor: any Actor, _ message: String) {
        if ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared) || SwiftRuntime.answersExactly(for: actor) {
            // `fatalError`, not `precondition`: the message prints in
            // optimised builds too.
            fatalError(message)
        }
        actor.preconditionIsolated(message)
    }

    /// Facts 2 and 3 of ``isRunning(on:)``: out of line, so that the
    /// sends that fact 1 answers (a send on the main thread) do not load
    /// the actor.
    @inline(never)
    private static func isRunningAsked(_ actor: any Actor, isMain: Bool) -> Bool {
        isMain ? MainQueueKey.isCurrent : SwiftRuntime.isRunning(on: actor)
    }

    /// Whether a closure of this mailbox's actor runs at once for an event
    /// sent now: whether the send is on the actor. Events that wait for the
    /// actor (sent earlier, from elsewhere) run first, here, in the order
    /// they were sent, so that the event sent now does not overtake them.
    @inline(__always)
    func runsNow() -> Bool {
        guard SenderIsolation.isKnown(on: id, isMain: isMain) || Self.isRunningAsked(actor, isMain: isMain) else {
            return false
        }
        if waiting.load() != 0 { runWaiting() }
        return true
    }

    /// Queues `job` behind every event that waits for the actor, and starts
    /// a drain on the actor when none runs.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        let start = lock.withLock { () -> Bool in
            ring.append(job)
            waiting.increment()
            defer { draining = true }
            return !draining
        }
        guard start else { return }
        let actor = self.actor
        Task { await self.drain(on: actor) }
    }

    /// Runs the waiting events on the actor, oldest first, until none wait.
    private func drain(on actor: isolated any Actor) {
        // The jobs run on `actor`: a send they make is known to be on it.
        SenderIsolation.during(actor) { runWaiting(finishing: true) }
    }

    /// Runs the waiting events, oldest first, until none wait. Called on the
    /// actor only: by the drain task (`finishing`: it clears `draining` when
    /// the queue is empty), or by a send on the actor, which runs the events
    /// sent before it first. A job that sends on the actor runs the jobs
    /// behind it from its own send; the loop that called it then finds them
    /// gone.
    @inline(never)
    private func runWaiting(finishing: Bool = false) {
        while true {
            let next = lock.withLock { () -> (@Sendable () -> Void)? in
                guard let job = ring.popFirst() else {
                    if finishing { draining = false }
                    return nil
                }
                return job
            }
            guard let next else { return }
            next()
            // Counted down after it ran: a send made by the job itself, on
            // the actor, still sees the events behind it waiting and queues.
            waiting.decrement()
        }
    }
}

/// A key set on the main dispatch queue: `DispatchQueue.getSpecific(key:)`
/// finds it exactly while the calling thread runs that queue, which is the
/// main actor's executor in apps, synchronous and `async` executables,
/// `swift test` and main-queue callbacks, whether or not the thread is the
/// process's main thread. Installed when the main actor's mailbox is made or
/// when first asked, whichever comes first.
enum MainQueueKey {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    static func install() {
        _ = installed
    }

    /// Whether the calling thread runs the main queue (the main actor) now.
    /// Installs the key first if nothing has yet (a main-actor closure that
    /// answers needs no mailbox, so it may be the first to ask).
    static var isCurrent: Bool {
        install()
        return DispatchQueue.getSpecific(key: key) != nil
    }
}

/// A first-in, first-out queue on a growable ring buffer.
struct Ring<Element> {
    private var storage: [Element?] = []
    private var head = 0
    private(set) var count = 0

    mutating func append(_ element: Element) {
        if count == storage.count {
            // Unrolls the ring into a buffer twice the size.
            var grown = [Element?](repeating: nil, count: Swift.max(8, storage.count * 2))
            for offset in 0..<count {
                grown[offset] = storage[(head + offset) % storage.count]
            }
            storage = grown
            head = 0
        }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        defer {
            head = (head + 1) % storage.count
            count -= 1
        }
        return storage[head].take()
    }
}

#if DEBUG
extension SwiftRuntime {
    /// For tests only (debug builds): while true in the current task,
    /// ``isRunning(on:)`` and ``answersExactly(for:)`` answer false, as where
    /// the runtime cannot tell (an Apple runtime older than macOS 26, a custom
    /// executor that does not implement `isIsolatingCurrentContext()`), so
    /// that a test on Linux takes that fallback path
    /// (`ExecutorCheckFallbackTests`). A task-local value rather than a global
    /// flag, so that tests running in parallel in other tasks keep the real
    /// answer.
    @TaskLocal static var simulatesMissingExecutorCheck = false
}
#endif
