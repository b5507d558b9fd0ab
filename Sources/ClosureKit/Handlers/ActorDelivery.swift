/// Runs a registered closure where the code that registered it lives: the
/// engine's one answer to "which thread or actor runs this closure".
///
/// Every registration of the library takes the caller's isolation as
/// `isolation: isolated (any Actor)? = #isolation` and a plain (not
/// `@Sendable`) closure, and hands both to ``ActorDelivery/make(_:isolation:)``
/// or ``ActorDelivery/makeAnswering(_:isolation:)``:
///
/// - **Registered from nonisolated code** (`isolation` is nil), the closure is
///   stored as it is and runs on the thread that sends the event, as a
///   `@Sendable` handler always did, at the same cost (no wrapper).
/// - **Registered from the main actor**, the closure runs on the main actor:
///   synchronously when the event is sent on the main thread (where the main
///   actor runs: see `mainThread(of:)`) and nothing sent earlier is still
///   waiting, otherwise enqueued to the main actor, where the waiting events
///   run in the order they were sent.
/// - **Registered from another actor**, the closure runs synchronously when
///   the event comes from a send isolated to that actor (``SenderIsolation``),
///   and is otherwise enqueued to that actor, in the order the events were
///   sent.
///
/// "Sent on the actor" is known two ways, never by asking the runtime (its
/// check traps on a thread that is not the actor's): the library's send entry
/// points take their caller's isolation and record it for the send
/// (``SenderIsolation``); and the main actor's thread, where the main actor is
/// bound to the process's main thread, as in apps and executables (see
/// `mainThread(of:)`).
///
/// No path relies on `assumeIsolated` or any other check that traps.
///
/// A closure that returns a value (an `instead` hook, `implement` for a method
/// with a result) cannot wait for its actor: the sender needs the answer now.
/// Such a closure, registered from an actor, answers when the message is sent
/// on that actor (the main actor's thread); sent from elsewhere, the message
/// goes on as if the closure were not there (to what it replaced: an older
/// closure, the real delegate, the original method).
///
/// ## Why this mechanism
/// Measured and tried against the alternatives (the decision design.md's
/// "Isolation (Swift 6)" section asks for):
/// - Overloads (a `@Sendable` form beside an isolated one) do not work: Swift
///   picks an overload before it checks a closure's body for isolation, so a
///   main-actor closure that touches main-actor state is matched to the
///   `@Sendable` form and rejected, whichever form is disfavoured; two forms
///   that differ only in the closure's global actor are one redeclaration.
/// - `@isolated(any)` closures can only be called with `await`, so a
///   synchronous send could never run one synchronously.
/// - `sending` closures cannot capture actor-isolated state.
/// - `#isolation` with a plain closure compiles the code app developers write
///   (a `@MainActor` view model, a local `var` in a main-actor function,
///   top-level code) unchanged, keeps the compiler's check that a closure
///   registered in nonisolated code cannot touch an actor's state, and lets
///   the library see the actor at run time.
///
/// The cost of the last: from nonisolated code the closure is no longer
/// required to be `@Sendable`, so the compiler no longer rejects a closure
/// that mutates a captured local variable there; such a closure runs on every
/// thread that sends, as any stored callback would.
@usableFromInline
package final class ActorDelivery<Input>: @unchecked Sendable {
    /// The actor the closure belongs to.
    private let actor: any Actor
    /// Tells whether an event sent now runs at once.
    private let gate: ActorDeliveryGate
    /// Only called on `actor`: synchronously on its thread, or from `drain`.
    private let body: (Input) -> Void
    private let state = Locked(State())

    private struct State {
        var queue: [Input] = []
        var draining = false
        var cancelled = false
    }

    private init(actor: any Actor, thread: UInt, body: @escaping (Input) -> Void) {
        self.actor = actor
        self.gate = ActorDeliveryGate(thread: thread, actor: ObjectIdentifier(actor))
        self.body = body
    }

    /// The closure to store for `body`, registered with `isolation`, and the
    /// delivery that must end with the registration (nil: none, the closure
    /// is stored as it is).
    @usableFromInline
    package static func make(
        _ body: @escaping (Input) -> Void,
        isolation: isolated (any Actor)?
    ) -> (handler: @Sendable (Input) -> Void, delivery: ActorDelivery?) {
        guard let isolation else { return (assumeSendableHandler(body), nil) }
        let delivery = ActorDelivery(actor: isolation, thread: mainThread(of: isolation), body: body)
        // An event sent before the registration ended (a delay that fired,
        // a `.once` handler's call) still runs when it was enqueued; only
        // `cancel()` drops the events that wait. The synchronous path reads
        // only the (non-generic) gate and calls the closure as it came.
        let direct = assumeSendableHandler(body) // called only on the actor's thread, when the gate allows
        let gate = delivery.gate
        return ({ input in gate.runsNow() ? direct(input) : delivery.enqueue(input) }, delivery)
    }

    /// ``make(_:isolation:)`` for a closure of an object (a control, an
    /// owner): the closure keeps its own representation, which passes the
    /// object directly, so that a nonisolated registration stores it with no
    /// reabstraction thunk around it (see `assumeSendableHandler`).
    ///
    /// Its actor path repeats the general form's on purpose: moved into one
    /// shared helper, the main-actor rows cost more per event (callgrind:
    /// "isolation · control events" 329 → 358 instructions, above the 1.2×
    /// target).
    @usableFromInline
    package static func make(
        _ body: @escaping (Input) -> Void,
        isolation: isolated (any Actor)?
    ) -> (handler: @Sendable (Input) -> Void, delivery: ActorDelivery?) where Input: AnyObject {
        guard let isolation else { return (assumeSendableHandler(body), nil) }
        let delivery = ActorDelivery(actor: isolation, thread: mainThread(of: isolation), body: body)
        let direct = assumeSendableHandler(body) // called only on the actor's thread, when the gate allows
        let gate = delivery.gate
        return ({ input in gate.runsNow() ? direct(input) : delivery.enqueue(input) }, delivery)
    }

    /// ``make(_:isolation:)`` for a closure of no parameters.
    ///
    /// Inlined, so that a nonisolated registration (a delay scheduled and
    /// cancelled, benchmark row "delays.schedule-cancel") pays no call and
    /// no retain of the closure for it; the actor's path stays out of line.
    @inline(__always)
    @usableFromInline
    package static func make(
        _ body: @escaping () -> Void,
        isolation: isolated (any Actor)?
    ) -> (handler: @Sendable () -> Void, delivery: ActorDelivery<Void>?) where Input == Void {
        guard let isolation else { return (assumeSendableHandler(body), nil) }
        return delivering(body, on: isolation)
    }

    /// The actor's path of the `()` form, out of line.
    private static func delivering(
        _ body: @escaping () -> Void,
        on actor: any Actor
    ) -> (handler: @Sendable () -> Void, delivery: ActorDelivery<Void>?) where Input == Void {
        let delivery = ActorDelivery(actor: actor, thread: mainThread(of: actor)) { (_: Void) in body() }
        let direct = assumeSendableHandler(body) // called only on the actor's thread, when the gate allows
        let gate = delivery.gate
        return ({ gate.runsNow() ? direct() : delivery.enqueue(()) }, delivery)
    }

    /// ``make(_:isolation:)`` for a closure of two parameters.
    @usableFromInline
    package static func make<First, Second>(
        _ body: @escaping (First, Second) -> Void,
        isolation: isolated (any Actor)?
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second) {
        guard let isolation else { return (assumeSendableHandler(body), nil) }
        let delivery = ActorDelivery(actor: isolation, thread: mainThread(of: isolation)) { body($0.0, $0.1) }
        // The synchronous path calls `body` with the two values as they came,
        // and asks the (non-generic) gate: packing them into a tuple of
        // generic type, or reaching a stored property of
        // `ActorDelivery<(First, Second)>`, costs a runtime lookup of the
        // tuple's metadata on every event (benchmark rows: "isolation ·
        // observation: write, 1 observer" and "isolation · hook points:
        // instance after hook", 580 and 790 instructions an event). Only an
        // enqueued event is packed.
        let direct = assumeSendableHandler(body) // called only on the actor's thread, when the gate allows
        let gate = delivery.gate
        return (
            { first, second in
                if gate.runsNow() {
                    direct(first, second)
                } else {
                    enqueuePair(first, second, to: delivery)
                }
            }, delivery
        )
    }

    /// ``make(_:isolation:)`` for a closure of an object and a value (an
    /// owner and a change, an instance and an invocation), in the closure's
    /// own representation, as for a closure of an object; the same as the
    /// form above otherwise.
    @usableFromInline
    package static func make<First: AnyObject, Second>(
        _ body: @escaping (First, Second) -> Void,
        isolation: isolated (any Actor)?
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second) {
        make(body, registeredIn: RegisteredIsolation.current(isolation))
    }

    /// ``make(_:isolation:)`` for a closure of an object and a value, with
    /// the isolation its registration recorded (``RegisteredIsolation``): for
    /// a closure converted after its registration returned, on another
    /// thread (a hook registered by name that waited for its hook point).
    @usableFromInline
    package static func make<First: AnyObject, Second>(
        _ body: @escaping (First, Second) -> Void,
        registeredIn isolation: RegisteredIsolation?
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second) {
        guard let isolation else { return (assumeSendableHandler(body), nil) }
        let delivery = ActorDelivery(actor: isolation.actor, thread: isolation.thread) { body($0.0, $0.1) }
        let direct = assumeSendableHandler(body) // called only on the actor's thread, when the gate allows
        let gate = delivery.gate
        return (
            { first, second in
                if gate.runsNow() {
                    direct(first, second)
                } else {
                    enqueuePair(first, second, to: delivery)
                }
            }, delivery
        )
    }

    /// The closure to store for a closure that returns a value: it answers
    /// synchronously on the main actor's thread, and returns nil (the caller
    /// goes on as if there were no closure) anywhere else.
    @usableFromInline
    package static func makeAnswering<Output>(
        _ body: @escaping (Input) -> Output,
        isolation: isolated (any Actor)?
    ) -> @Sendable (Input) -> Output? {
        makeAnswering(body, registeredIn: RegisteredIsolation.current(isolation))
    }

    /// ``makeAnswering(_:isolation:)`` with the isolation its registration
    /// recorded (``RegisteredIsolation``).
    @usableFromInline
    package static func makeAnswering<Output>(
        _ body: @escaping (Input) -> Output,
        registeredIn isolation: RegisteredIsolation?
    ) -> @Sendable (Input) -> Output? {
        guard let isolation else {
            let sendable = assumeSendable(body)
            return { sendable($0) }
        }
        let gate = ActorDeliveryGate(thread: isolation.thread, actor: ObjectIdentifier(isolation.actor))
        let box = UncheckedSendable(body)
        return { input in gate.isOnActor ? box.value(input) : nil }
    }

    /// The returned token cancels `token` and drops the events that wait
    /// for the actor, so that the closure never runs after `cancel()` has
    /// returned.
    @usableFromInline
    package static func token(_ token: CancellationToken, ending delivery: ActorDelivery?) -> CancellationToken {
        guard let delivery else { return token }
        return CancellationToken(registration: DeliveryRegistration(inner: token, delivery: delivery))
    }

    /// The thread on which a send may run a closure of `isolation` at once, or
    /// zero for none. Called by a registration running isolated to
    /// `isolation`.
    ///
    /// Only the main actor has one, and only where it is bound to the
    /// process's main thread: in apps and executables its executor is the main
    /// queue, which only that thread drains, so code running there is never
    /// concurrent with main-actor code. Some hosts run the main actor on a
    /// serial queue whose thread changes (`swift test` on Linux does); there a
    /// thread says nothing about the actor, and every event is enqueued.
    /// (The runtime's own "is this the current executor" check traps on a
    /// thread that is not the actor's, so it cannot be asked.)
    fileprivate static func mainThread(of isolation: any Actor) -> UInt {
        guard ObjectIdentifier(isolation) == ObjectIdentifier(MainActor.shared),
            Platform.isProcessMainThread()
        else { return 0 }
        return Platform.currentThread()
    }

    fileprivate func enqueue(_ input: Input) {
        let start = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.queue.append(input)
            gate.waiting.increment()
            defer { state.draining = true }
            return !state.draining
        }
        guard start else { return }
        let actor = self.actor
        Task { await self.drain(on: actor) }
    }

    /// Runs the waiting events on the actor, oldest first, until none wait.
    private func drain(on actor: isolated any Actor) {
        while true {
            let next = state.withLock { state -> Input? in
                guard !state.cancelled, !state.queue.isEmpty else {
                    state.draining = false
                    return nil
                }
                return state.queue.removeFirst()
            }
            guard let next else { return }
            body(next)
            gate.waiting.decrement()
        }
    }

    /// Drops the waiting events; none runs after this returns.
    ///
    /// - Returns: Whether an event was waiting (and so was prevented).
    @discardableResult
    func cancel() -> Bool {
        let dropped = state.withLock { state -> [Input] in
            state.cancelled = true
            defer { state.queue = [] }
            return state.queue
        }
        // The dropped events are released here, with no lock held.
        return !dropped.isEmpty
    }
}

/// Enqueues two values as one event: out of line, so that the closure
/// that calls it looks up the tuple's metadata only when it enqueues.
@inline(never)
private func enqueuePair<First, Second>(_ first: First, _ second: Second, to delivery: ActorDelivery<(First, Second)>) {
    delivery.enqueue((first, second))
}

/// The part of an ``ActorDelivery`` that a send reads to decide whether the
/// closure runs at once: not generic, so that the check needs no type
/// metadata (a delivery of two values is an `ActorDelivery` of a tuple,
/// whose metadata is looked up at run time).
final class ActorDeliveryGate: Sendable {
    /// The main actor's thread when the closure belongs to the main actor
    /// (read on that actor, at registration); zero otherwise, which no thread
    /// matches.
    let thread: UInt
    /// How many events wait for the actor, readable without the delivery's
    /// lock: a send on the actor's thread runs the closure at once only when
    /// none wait, so that events keep the order they were sent in.
    let waiting = AtomicCounter()

    /// The actor's identity, compared with the sending actor of
    /// ``SenderIsolation``.
    let actor: ObjectIdentifier

    init(thread: UInt, actor: ObjectIdentifier) {
        self.thread = thread
        self.actor = actor
    }

    /// Whether an event sent now, from this thread, runs at once: the send
    /// is on the closure's actor (a send isolated to it, see
    /// ``SenderIsolation``, or the main actor's thread), with no earlier
    /// event waiting. Otherwise it is enqueued.
    @inline(__always)
    func runsNow() -> Bool {
        waiting.load() == 0 && isOnActor
    }

    /// Whether the calling thread runs the actor now, whether or not events
    /// wait: what a closure that must answer at once asks.
    @inline(__always)
    var isOnActor: Bool {
        (thread != 0 && Platform.currentThread() == thread) || SenderIsolation.isSending(on: actor)
    }
}

/// A token's registration that cancels an engine registration and the
/// events waiting for its actor.
///
/// It refers to the delivery weakly: the engine's stored closure and the
/// drains that wait for the actor keep it alive, and once `cancel()` has let
/// them go the closure and its captures are released, while the token may
/// still be held.
private final class DeliveryRegistration<Input>: TokenRegistration, @unchecked Sendable {
    private let inner: CancellationToken
    // Written once, in init.
    private weak var delivery: ActorDelivery<Input>?

    init(inner: CancellationToken, delivery: ActorDelivery<Input>) {
        self.inner = inner
        self.delivery = delivery
    }

    func cancelRegistration() -> Bool {
        // Dropped first, so that no waiting event runs once this returns.
        let dropped = delivery?.cancel() ?? false
        return inner.cancel() || dropped
    }
}

/// The caller's isolation as a registration records it while it runs on the
/// actor: the actor, and the thread on which a send may run the closure at
/// once (see `mainThread(of:)`, which must be read on the actor). It lets a
/// closure be converted later, on any thread, with the isolation it was
/// registered with: a hook registered by name waits for its hook point.
@usableFromInline
package struct RegisteredIsolation: Sendable {
    let actor: any Actor
    let thread: UInt

    /// The isolation of the registration that calls it; nil from nonisolated
    /// code.
    @usableFromInline
    package static func current(_ isolation: isolated (any Actor)? = #isolation) -> RegisteredIsolation? {
        guard let isolation else { return nil }
        return RegisteredIsolation(actor: isolation, thread: ActorDelivery<Void>.mainThread(of: isolation))
    }
}
