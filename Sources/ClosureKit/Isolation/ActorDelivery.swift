/// Runs a registered closure where the code that registered it lives: the
/// engine's one answer to "which thread or actor runs this closure".
///
/// Every registration of the library takes its closure as
/// `@_inheritActorContext @escaping @isolated(any) @Sendable` and hands it to
/// ``ActorDelivery/make(_:)`` or ``ActorDelivery/makeAnswering(_:)``. The
/// closure's type gives the rule, and the compiler checks it:
///
/// - **Registered from nonisolated code**, the closure is `@Sendable` (a
///   captured `var` or a non-`Sendable` capture does not compile) and has no
///   isolation: it is stored as it is and runs on the thread that sends.
/// - **Registered from an actor** (the main actor, any actor, top-level
///   code), the closure is isolated to that actor and may use its state, its
///   local `var`s and non-`Sendable` values of its region; `body.isolation`
///   names the actor. It runs synchronously when the event is sent on that
///   actor and no earlier event waits for the actor; otherwise it is
///   enqueued to the actor's ``ActorMailbox``, where the events of every
///   registration of that actor run in the order they were sent.
///
/// "Sent on the actor" is known exactly, from facts rather than from a
/// guess, and never through a check that traps
/// (``ActorMailbox/isRunning(on:)``):
/// - the library's sends that take their caller's isolation record it for
///   the send (``SenderIsolation``);
/// - the process's main thread runs only main-actor code, so a send there is
///   on the main actor (``SenderIsolation`` too);
/// - the main actor's executor is the main dispatch queue in every host
///   (apps, synchronous and `async` executables, `swift test`), so a key set
///   on that queue is visible exactly in main-actor code, on whichever thread
///   runs it (``MainQueueKey``);
/// - for any other actor, the concurrency runtime's answer, asked in the
///   form that says no instead of trapping (``SwiftRuntime/isRunning(on:)``).
///
/// A closure that returns a value (an `instead` hook, `implement` for a
/// method with a result) cannot wait for an actor: the sender needs the
/// answer now. It answers when the message is sent on its actor; anywhere
/// else, before it is claimed, the program stops, or, with
/// ``RegistrationOptions/onItsActorOnly``, it is passed over and a `.once`
/// closure stays registered for a later call that it can answer (see
/// ``Answering`` and ``AnswerPolicy``).
///
/// ## Why this mechanism
/// - `@isolated(any)` with `@_inheritActorContext` is the one closure type
///   that is `@Sendable`-checked in nonisolated code and actor-isolated in
///   actor code, with one spelling, and it tells the library the actor.
///   Calling it synchronously needs the cast in ``IsolatedCall`` (checked
///   by a self-test).
/// - An `isolation: isolated (any Actor)? = #isolation` parameter with a
///   plain closure does not make a nonisolated closure `@Sendable`, so a
///   racy closure compiles; a non-optional one refuses nonisolated callers
///   and needs a second spelling for them.
///
/// ## Under concurrent use
///
/// Events may be sent from any number of threads at once. Each waiting
/// event is counted and queued in one critical section of the delivery's
/// lock stripe, and taken off in one, so the events of one registration run
/// on the actor once each, in the order their sends reached the mailbox
/// (the stress harness checks this with three senders). Once ``cancel()``
/// has returned no waiting event runs; ``dropWaiting()`` drops the events
/// that wait and keeps the registration. No closure is called, and none is
/// released, under the stripe.
@usableFromInline
package final class ActorDelivery<Input>: @unchecked Sendable {
    // The state below is guarded by the delivery's lock stripe
    // (`Lock.striped(for: self)`), so that a delivery costs no lock of its
    // own and holds no reference to its mailbox, which holds the actor: the
    // token holds the delivery, and a token that an actor keeps in its own
    // state must not keep the actor alive.

    /// The closure, held here only while events of this registration wait
    /// (the engine's stored closure holds it otherwise), so that a token kept
    /// after its registration ended keeps none of what the closure captured.
    private var waitingBody: (@Sendable (Input) -> Void)?
    /// How many of this registration's events wait in the mailbox.
    private var pending = 0
    /// Set by ``cancel()``: no waiting event runs afterwards.
    private var cancelled = false
    /// How many of the waiting events ``dropWaiting()`` dropped: the next
    /// ones of this registration to come off the mailbox, which runs them in
    /// the order they were enqueued.
    private var dropping = 0

    fileprivate init() {}

    /// The closure to store for `body`, and the delivery that must end with
    /// the registration (nil: none; the closure is stored as it is).
    @inline(__always)
    @usableFromInline
    package static func make(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> (handler: @Sendable (Input) -> Void, delivery: ActorDelivery?) where Input: Sendable {
        make(IsolatedCall.synchronous(body), on: body.isolation)
    }

    /// ``make(_:)`` for a closure already made synchronous, with the actor
    /// it belongs to (nil: nonisolated): for a closure that arrived typed as
    /// `Any` (a hook registered by name), checked against its registrant's
    /// isolation there.
    @usableFromInline
    package static func make(
        _ direct: @escaping @Sendable (Input) -> Void, on actor: (any Actor)?
    ) -> (handler: @Sendable (Input) -> Void, delivery: ActorDelivery?) where Input: Sendable {
        guard let actor else { return (direct, nil) }
        let delivery = ActorDelivery()
        let mailbox = ActorMailbox.of(actor)
        // `direct` runs only on the actor, and only when nothing waits for it.
        return (
            { input in mailbox.runsNow() ? direct(input) : delivery.enqueue(input, to: mailbox) { direct } },
            delivery
        )
    }

    /// ``make(_:)`` for a closure of no parameters.
    @inline(__always)
    @usableFromInline
    package static func make(
        _ body: @escaping @isolated(any) @Sendable () -> Void
    ) -> (handler: @Sendable () -> Void, delivery: ActorDelivery<Void>?) where Input == Void {
        let direct = IsolatedCall.synchronous(body)
        guard let actor = body.isolation else { return (direct, nil) }
        return delivering(direct, on: actor)
    }

    /// The actor's path of the `()` form, out of line.
    private static func delivering(
        _ direct: @escaping @Sendable () -> Void,
        on actor: any Actor
    ) -> (handler: @Sendable () -> Void, delivery: ActorDelivery<Void>?) where Input == Void {
        let delivery = ActorDelivery()
        let mailbox = ActorMailbox.of(actor)
        return ({ mailbox.runsNow() ? direct() : delivery.enqueue((), to: mailbox) { { _ in direct() } } }, delivery)
    }

    /// ``make(_:)`` for a closure of two parameters. The synchronous path
    /// calls `body` with the two values as they came; only an enqueued event
    /// is packed into a tuple.
    @inline(__always)
    @usableFromInline
    package static func make<First, Second>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Void
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second), First: Sendable, Second: Sendable {
        make(IsolatedCall.synchronous(body), on: body.isolation)
    }

    /// ``make(_:on:)`` for a closure of two parameters.
    @usableFromInline
    package static func make<First, Second>(
        _ direct: @escaping @Sendable (First, Second) -> Void, on actor: (any Actor)?
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second), First: Sendable, Second: Sendable {
        guard let actor else { return (direct, nil) }
        let delivery = ActorDelivery()
        let mailbox = ActorMailbox.of(actor)
        return (
            { first, second in
                if mailbox.runsNow() {
                    direct(first, second)
                } else {
                    enqueuePair(first, second, to: delivery, on: mailbox, direct)
                }
            }, delivery
        )
    }

    /// The closure to store for a closure that returns a value: see
    /// ``Answering``.
    @usableFromInline
    package static func makeAnswering<Output>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Output
    ) -> Answering<@Sendable (Input) -> Output> {
        Answering(actor: body.isolation, body: IsolatedCall.synchronous(body))
    }

    /// ``makeAnswering(_:)`` for a closure already made synchronous, with
    /// the actor it belongs to (see ``make(_:on:)``).
    @usableFromInline
    package static func makeAnswering<Output>(
        _ direct: @escaping @Sendable (Input) -> Output, on actor: (any Actor)?
    ) -> Answering<@Sendable (Input) -> Output> {
        Answering(actor: actor, body: direct)
    }

    /// ``makeAnswering(_:)`` for a closure of two parameters.
    @usableFromInline
    package static func makeAnswering<First, Second, Output>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Output
    ) -> Answering<@Sendable (Input) -> Output> where Input == (First, Second) {
        let direct = IsolatedCall.synchronous(body)
        return Answering(actor: body.isolation) { direct($0.0, $0.1) }
    }

    /// The returned token cancels `token` and drops the events that wait
    /// for the actor.
    @usableFromInline
    package static func token(_ token: CancellationToken, ending delivery: ActorDelivery?) -> CancellationToken {
        guard let delivery else { return token }
        return DeliveryToken(inner: token, delivery: delivery)
    }

    /// Queues an event for the actor, behind every event that waits for it
    /// in `mailbox`. `body` makes the closure to call, in the form this
    /// delivery holds: asked only when no event of this registration waits
    /// already (then the closure is already held).
    fileprivate func enqueue(
        _ input: Input, to mailbox: ActorMailbox, body: () -> @Sendable (Input) -> Void
    ) where Input: Sendable {
        Lock.striped(for: self).withLock {
            pending += 1
            if waitingBody == nil && !cancelled { waitingBody = body() }
        }
        // The event's values cross to the actor: `Input: Sendable` is what
        // lets them (a non-`Sendable` value reaches an actor's closure only
        // synchronously, through a region-bound registration: `bound(_:)`).
        mailbox.enqueue { [self] in
            // The stripe is looked up again rather than captured: the job
            // is the one allocation of a waiting event, kept small.
            let (current, released) = Lock.striped(for: self).withLock {
                () -> ((@Sendable (Input) -> Void)?, (@Sendable (Input) -> Void)?) in
                pending -= 1
                let dropped = dropping > 0
                if dropped { dropping -= 1 }
                let current = cancelled || dropped ? nil : waitingBody
                guard pending == 0 else { return (current, nil) }
                defer { waitingBody = nil }
                return (current, waitingBody)
            }
            withExtendedLifetime(released) { current?(input) }
        }
    }

    /// Drops the events of this registration that wait for the actor now,
    /// and keeps the registration: for an owner whose `cancel()` ends what
    /// is pending but not the owner (a debouncer's, a throttler's). Events
    /// enqueued afterwards run. Nothing is released: the closure stays.
    ///
    /// - Returns: Whether an event was waiting (and so was prevented).
    func dropWaiting() -> Bool {
        Lock.striped(for: self).withLock {
            let waiting = pending - dropping
            dropping = pending
            return waiting > 0 && !cancelled
        }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        Lock.striped(for: self).withLock { cancelled }
    }

    /// Drops the events that wait: none runs once this returns (called on
    /// the actor, where the waiting events run, this is exact; called
    /// elsewhere, an event that already started finishes). What the closure
    /// captured is released here (if events waited), with no lock held.
    ///
    /// - Returns: Whether an event of this registration was waiting (and so
    ///   was prevented).
    @discardableResult
    func cancel() -> Bool {
        let (dropped, prevented) = Lock.striped(for: self).withLock { () -> ((@Sendable (Input) -> Void)?, Bool) in
            defer {
                cancelled = true
                waitingBody = nil
            }
            return (waitingBody, !cancelled && pending > 0)
        }
        withExtendedLifetime(dropped) {}
        return prevented
    }
}

// The object forms: the same as `make(_:)` and `make(_:on:)` above, with the
// object passed directly, as the caller's closure takes it. Through the
// unconstrained forms, a closure of a class-bound parameter is wrapped in a
// reabstraction thunk on the way in and another on the way out (two more
// calls at every event; see `IsolatedCall`), so the forms that controls,
// observers and hook points use are spelt again here, constrained.
extension ActorDelivery where Input: AnyObject, Input: Sendable {
    /// ``make(_:)`` for a closure that takes an object (a control's handler).
    @inline(__always)
    @usableFromInline
    package static func make(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> (handler: @Sendable (Input) -> Void, delivery: ActorDelivery?) {
        make(IsolatedCall.synchronous(body), on: body.isolation)
    }

    /// ``make(_:on:)`` for a closure that takes an object.
    @usableFromInline
    package static func make(
        _ direct: @escaping @Sendable (Input) -> Void, on actor: (any Actor)?
    ) -> (handler: @Sendable (Input) -> Void, delivery: ActorDelivery?) {
        guard let actor else { return (direct, nil) }
        let delivery = ActorDelivery()
        let mailbox = ActorMailbox.of(actor)
        return (
            { input in mailbox.runsNow() ? direct(input) : delivery.enqueue(input, to: mailbox) { direct } },
            delivery
        )
    }
}

extension ActorDelivery {
    /// ``make(_:)`` for a closure that takes an object and a value (an
    /// observer, a hook point's `before` or `after`).
    @inline(__always)
    @usableFromInline
    package static func make<First: AnyObject & Sendable, Second: Sendable>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Void
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second) {
        make(IsolatedCall.synchronous(body), on: body.isolation)
    }

    /// ``make(_:on:)`` for a closure that takes an object and a value.
    @usableFromInline
    package static func make<First: AnyObject & Sendable, Second: Sendable>(
        _ direct: @escaping @Sendable (First, Second) -> Void, on actor: (any Actor)?
    ) -> (handler: @Sendable (First, Second) -> Void, delivery: ActorDelivery<(First, Second)>?)
    where Input == (First, Second) {
        guard let actor else { return (direct, nil) }
        let delivery = ActorDelivery()
        let mailbox = ActorMailbox.of(actor)
        return (
            { first, second in
                if mailbox.runsNow() {
                    direct(first, second)
                } else {
                    enqueuePair(first, second, to: delivery, on: mailbox, direct)
                }
            }, delivery
        )
    }
}

/// Enqueues two values as one event: out of line, so that the closure
/// that calls it looks up the tuple's metadata only when it enqueues.
@inline(never)
private func enqueuePair<First: Sendable, Second: Sendable>(
    _ first: First, _ second: Second, to delivery: ActorDelivery<(First, Second)>, on mailbox: ActorMailbox,
    _ direct: @escaping @Sendable (First, Second) -> Void
) {
    delivery.enqueue((first, second), to: mailbox) { { direct($0.0, $0.1) } }
}

/// A closure that must answer at once (an `instead` hook, a result
/// replacement, `implement` for a method with a result), with the actor it
/// was registered from.
///
/// Ask ``canAnswer`` before claiming the registration (and so before a
/// `.once` registration is used up): nonisolated closures answer anywhere;
/// an actor's closure answers only when the call runs on that actor. A call
/// made elsewhere stops the program (``AnswerPolicy``), unless the
/// registration asked for ``RegistrationOptions/onItsActorOnly``: the call
/// then goes on as if the closure were not registered. Call ``body`` only
/// after ``canAnswer`` said yes.
@usableFromInline
package struct Answering<Body: Sendable>: Sendable {
    /// The actor the closure belongs to; nil for a nonisolated closure.
    @usableFromInline let actor: (any Actor)?
    /// The closure, called synchronously: only where ``canAnswer`` holds.
    @usableFromInline let body: Body
    /// Whether a call made off ``actor`` passes the closure over
    /// (``RegistrationOptions/onItsActorOnly``) rather than stopping the
    /// program.
    @usableFromInline var passesOver = false

    init(actor: (any Actor)?, body: Body) {
        self.actor = actor
        self.body = body
    }

    /// Whether the closure can answer a call made now, on this thread.
    @inlinable
    package var canAnswer: Bool {
        AnswerPolicy.canAnswer(actor, passesOver: passesOver)
    }

    /// The same closure, with `options`' policy for calls made off its actor.
    func applying(_ options: RegistrationOptions) -> Self {
        var copy = self
        copy.passesOver = options.contains(.onItsActorOnly)
        return copy
    }
}

/// What a closure that must answer does with a call made off its actor:
/// the one rule of proxies and hook points.
@usableFromInline
package enum AnswerPolicy {
    /// Whether a closure of `actor` (nil: nonisolated) answers a call made
    /// now. On its actor, yes. Elsewhere it cannot (the caller needs the
    /// answer now): with `passesOver` the call goes on without it; otherwise
    /// the program stops, with a message naming the fix, before a `.once`
    /// registration is used up.
    @inlinable
    package static func canAnswer(_ actor: (any Actor)?, passesOver: Bool) -> Bool {
        guard let actor else { return true }
        if ActorMailbox.isRunning(on: actor) { return true }
        if passesOver { return false }
        return requireRunning(on: actor)
    }

    /// Stops the program unless the executor's own check says the call runs
    /// on `actor` (``ActorMailbox/stopUnlessIsolated(_:_:)``); true when it
    /// returns.
    @usableFromInline
    static func requireRunning(on actor: any Actor) -> Bool {
        ActorMailbox.stopUnlessIsolated(actor, message(for: actor))
        return true
    }

    /// The message of the stop.
    static func message(for actor: any Actor) -> String {
        let name = ActorName.of(actor)
        let mainHint =
            ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared)
            ? " (In an `@main` type, `static func main()` is main-actor code: register from a `nonisolated` "
                + "function that it calls.)" : ""
        return """
            ClosureKit: a closure that must answer (an instead hook, a replaceResult hook, a proxy's implement or \
            instead closure) belongs to \(name), and a call came from another isolation. It cannot wait for \
            \(name), because the caller needs its answer now, and passing it over would quietly bypass it (an \
            authorization hook, say), so the program stops. Register it from nonisolated code, so that it runs \
            for every caller on the caller's thread\(mainHint), or pass `options: .onItsActorOnly` to let calls \
            made off \(name) go on without it.
            """
    }
}

extension Answering {
    /// An `instead` closure of a delegate proxy, made callable synchronously.
    static func instead<Arguments, Result>(
        _ body: @escaping @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> Self where Body == @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result {
        Answering(actor: body.isolation, body: IsolatedCall.synchronous(body))
    }
}

/// The token of a registration made from an actor: it cancels the
/// engine's registration and the events waiting for the actor. One object,
/// token and registration at once, as a pending delay's record is (see
/// ``CancellationToken``, "Subclasses inside the library").
///
/// It holds the delivery strongly, which keeps nothing that lasts: the
/// delivery holds the registration's closure only while events wait, and
/// holds neither its mailbox nor its actor (a weak reference would cost the
/// delivery a side-table allocation).
private final class DeliveryToken<Input>: CancellationToken, @unchecked Sendable {
    private let inner: CancellationToken
    private let delivery: ActorDelivery<Input>

    init(inner: CancellationToken, delivery: ActorDelivery<Input>) {
        self.inner = inner
        self.delivery = delivery
        super.init()
    }

    deinit {
        // Released without `cancel()`: the waiting events are dropped here,
        // and `inner`, released after this body, ends the engine's
        // registration in its own deinit.
        delivery.cancel()
    }

    @discardableResult
    override func cancel() -> Bool {
        // Dropped first, so that no waiting event runs once this returns.
        let dropped = delivery.cancel()
        return inner.cancel() || dropped
    }

    override var isCancelled: Bool {
        delivery.isCancelled
    }
}

// MARK: - Values that cannot cross

/// A closure that receives values that may not cross to its actor: the
/// region form of a registration, and the proof that lets the engine store
/// it as `@Sendable`.
///
/// Every registration whose closure receives values has up to three forms,
/// and Swift picks one by the types involved:
/// - **Sendable values** (the owner and every argument): the closure is
///   `@isolated(any) @Sendable`, registered from anywhere, and an event sent
///   from another isolation is enqueued to the closure's actor
///   (``ActorDelivery/make(_:)``): the values cross as `Sendable`.
/// - **A non-`Sendable` owner** (one instance hooked, a plain control, an
///   object observed): the closure is `@isolated(any)` but not `@Sendable`.
///   It is a non-`Sendable` argument of a call whose other non-`Sendable`
///   argument is the owner, so Swift's region-based isolation (SE-0414)
///   merges the closure, and everything it captures, into the owner's
///   region: from then on the compiler refuses to send the owner to another
///   isolation ("sending 'owner' risks causing data races"), and a closure
///   registered on the main actor ties the owner to the main actor. Every
///   event of the owner is therefore sent from the closure's own isolation,
///   and the closure runs synchronously, on the sending thread, receiving
///   the values as they are. A nonisolated caller may even capture a local
///   `var`, soundly.
/// - **Anything else** (a type-wide hook of a non-`Sendable` type, a
///   `Sendable` owner with non-`Sendable` arguments): the closure is
///   `@Sendable` and nonisolated (``ActorDelivery/nonisolated(_:_:)``); it
///   runs on the sending thread.
///
/// ## Why the cast is sound
/// The closure is cast to `@Sendable` (``IsolatedCall/bound(_:)``, or
/// ``RegionBound/Box`` for one given as `Any`) only so that the engine,
/// whose tables are shared by every registration, can store it. The
/// closure never leaves its owner's region: the engine keeps it in the
/// owner's own storage (a control's handler sets, an instance's hooks, an
/// object's observers) and calls it only from a send on that owner,
/// synchronously, on the sending thread, which the compiler has kept in the
/// owner's region. The one thing another thread may do with it is release
/// it.
///
/// ## What the compiler does not check, checked here
/// Every region form takes `isolation: isolated (any Actor)? = #isolation`:
/// with it, Swift 6.3 merges a method reference, a local `func` or a stored
/// closure into the owner's region as it merges a literal (without it, only
/// the literal). What is left: a convenience that does not pass its caller's
/// `isolation` on (Swift then merges only its caller's literals), an owner
/// handed over past the compiler, and a `Sendable` owner, which has no
/// region at all, so a closure value that is not `@Sendable` takes this form
/// for it too. Two checks close what they can, in every build:
/// - at registration, ``actor(of:registeredFrom:_:)`` compares the
///   closure's actor with the registrant's (the `isolation` parameter of
///   every region form, `#isolation` by default): a closure of another
///   actor than an actor registrant's is refused, and a closure of no actor
///   registered from an actor is that actor's code (a non-`Sendable` value
///   of actor code belongs to the actor's region);
/// - at every call, ``enter(_:)`` checks that the call runs on that actor
///   (every actor, not only the main actor) and stops the program before
///   the closure runs anywhere else.
@usableFromInline
package enum RegionBound {
    /// Called before every call of a region-bound closure of `mailbox`'s
    /// actor: runs the events that wait for the actor first (so that this
    /// one does not overtake them), and stops the program when the closure
    /// is reached off its actor.
    @usableFromInline
    static func enter(_ mailbox: ActorMailbox) {
        if mailbox.runsNow() { return }
        // Off the actor: one of the gaps above.
        ActorMailbox.stopUnlessIsolated(mailbox.actor, offActor(mailbox.actor))
    }

    /// The actor a region-bound closure belongs to, checked at its
    /// registration: the closure's own actor when it has one, otherwise the
    /// registrant's (nil: nonisolated). A closure of one actor registered
    /// from another is refused: the region form runs it where the owner's
    /// events are sent, which is the registrant's isolation, not the
    /// closure's. One registered from nonisolated code is taken, with its
    /// own actor: a convenience that does not pass its caller's `isolation`
    /// on registers every caller's closure from nonisolated code, and its
    /// caller's call (`downloader.onProgress { … }` on the main actor) has
    /// tied the owner to the closure's actor; where nothing did, the check
    /// at every call (``enter(_:)``) stops the program instead.
    ///
    /// - Parameters:
    ///   - closure: The closure's `isolation`.
    ///   - registrant: The registering code's `#isolation`.
    ///   - what: What is registered, for the message.
    @inline(__always)
    @usableFromInline
    package static func actor(
        of closure: (any Actor)?, registeredFrom registrant: (any Actor)?, _ what: @autoclosure () -> String
    ) -> (any Actor)? {
        guard let closure else { return registrant }
        guard let registrant, registrant !== closure else { return closure }
        refuseForeign(closure, registrant, what())
    }

    /// The check of the forms Swift picks for a closure value that is not
    /// `@Sendable` on a `Sendable` owner (each deprecated, so that the
    /// compiler warns): such an owner's events may come from several threads
    /// at once. Registered from an actor, the closure is that actor's code
    /// and ``enter(_:)`` checks each call; registered from nonisolated code
    /// nothing could keep it on one thread, and the program stops here,
    /// before it runs anywhere.
    ///
    /// - Parameters:
    ///   - closure: The closure's `isolation`.
    ///   - registrant: The registering code's `#isolation`.
    ///   - what: What is registered, for the message.
    @inline(__always)
    @usableFromInline
    package static func refuseUnshared(
        _ closure: (any Actor)?, registeredFrom registrant: (any Actor)?, _ what: @autoclosure () -> String
    ) {
        if closure == nil, registrant == nil { refuseUnsharedStop(what()) }
    }

    /// The message of ``enter(_:)``'s stop.
    static func offActor(_ actor: any Actor) -> String {
        let name = ActorName.of(actor)
        return """
            ClosureKit: a closure that belongs to \(name) was called off \(name), where it must not run. It was \
            registered in the region form (for a control, hooked instance, observed object or proxy that is not \
            Sendable), which runs it synchronously where the event is sent, and the event came from another \
            isolation. Either it went through a convenience that does not pass its caller's `isolation` on, \
            where Swift does not tie a method reference to the owner as it ties a closure literal: write a \
            literal, `{ self.method($0) }`, or have the convenience pass `isolation` on; or the owner was \
            handed to another isolation past the compiler (`@unchecked Sendable`, `nonisolated(unsafe)`); or \
            the owner is Sendable and the closure value is not @Sendable: declare the closure @Sendable to \
            take the form that delivers events to \(name), or send the owner's events only from \(name). See \
            the Isolation article, "What Swift does not catch".
            """
    }
}

/// The stop of ``RegionBound/refuseUnshared(_:registeredFrom:_:)``.
@inline(never)
@usableFromInline
func refuseUnsharedStop(_ what: String) -> Never {
    fatalError(
        """
        ClosureKit: \(what) is not @Sendable, was registered from nonisolated code, and its owner is Sendable, \
        so events sent from several threads would run it on several at once. Declare it @Sendable (a closure \
        literal, a `let` of a `@Sendable` function type, a method of a Sendable type), or register it from the \
        actor whose code it is. The compiler's warning "is deprecated: a handler that is not @Sendable…" marks \
        the registration.
        """)
}

/// The stop of ``RegionBound/actor(of:registeredFrom:_:)``.
@inline(never)
@usableFromInline
func refuseForeign(_ closure: any Actor, _ registrant: any Actor, _ what: String) -> Never {
    let name = ActorName.of(closure)
    let from = ActorName.of(registrant)
    fatalError(
        """
        ClosureKit: \(what) belongs to \(name) but was registered from \(from). Its form runs it where the \
        owner's events are sent, which the compiler keeps in the registrant's isolation, so it would run off \
        \(name). Register it from \(name)'s own code (mark the registering function with \(name)), or pass a \
        closure of the registrant's isolation that hands the work to \(name).
        """)
}

/// How the messages of the library name an actor: `@MainActor` (or the
/// global actor's attribute) for the main actor and a global actor's
/// shared instance, the actor's type otherwise.
enum ActorName {
    static func of(_ actor: any Actor) -> String {
        if ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared) { return "@MainActor" }
        return "\(type(of: actor))"
    }
}

extension RegionBound {
    /// A region-bound closure that arrived as `Any` (a hook registered by
    /// name), made storable: the same proof, for a closure that no cast of
    /// ``IsolatedCall`` can take.
    package struct Box<Body>: @unchecked Sendable {
        package let body: Body
        package let mailbox: ActorMailbox?

        package init(_ body: Body, on actor: (any Actor)?) {
            self.body = body
            self.mailbox = actor.map(ActorMailbox.of)
        }

        /// ``RegionBound/enter(_:)`` for this closure's actor, if any.
        package func enter() {
            if let mailbox { RegionBound.enter(mailbox) }
        }
    }
}

extension ActorDelivery {
    /// The closure to store for a region-bound registration: see
    /// ``RegionBound``. A closure of no actor, registered from nonisolated
    /// code, is stored as it is; an actor's is checked against its
    /// registrant (``RegionBound/actor(of:registeredFrom:_:)``) and called
    /// after ``RegionBound/enter(_:)``.
    ///
    /// - Parameters:
    ///   - body: The registered closure.
    ///   - registrant: The registering code's isolation.
    ///   - what: What is registered, for the message of a refusal.
    @inline(__always)
    @usableFromInline
    package static func bound(
        _ body: @escaping @isolated(any) (Input) -> Void, registeredFrom registrant: (any Actor)?,
        _ what: @autoclosure () -> String
    ) -> @Sendable (Input) -> Void {
        let direct = IsolatedCall.bound(body)
        guard let actor = RegionBound.actor(of: body.isolation, registeredFrom: registrant, what()) else {
            return direct
        }
        let mailbox = ActorMailbox.of(actor)
        return { input in
            RegionBound.enter(mailbox)
            direct(input)
        }
    }

    /// ``bound(_:registeredFrom:_:)`` for a closure that takes an object.
    ///
    /// The body is the first form's, written again: it picks
    /// ``IsolatedCall``'s cast for an object argument, whose closure is
    /// passed directly. One generic body for both forms hands that closure
    /// on at the unconstrained form's representation, behind a reabstraction
    /// thunk on every send of a region handler.
    @inline(__always)
    @usableFromInline
    package static func bound(
        _ body: @escaping @isolated(any) (Input) -> Void, registeredFrom registrant: (any Actor)?,
        _ what: @autoclosure () -> String
    ) -> @Sendable (Input) -> Void where Input: AnyObject {
        let direct = IsolatedCall.bound(body)
        guard let actor = RegionBound.actor(of: body.isolation, registeredFrom: registrant, what()) else {
            return direct
        }
        let mailbox = ActorMailbox.of(actor)
        return { input in
            RegionBound.enter(mailbox)
            direct(input)
        }
    }

    /// ``bound(_:registeredFrom:_:)`` for a closure that takes an object
    /// and a value.
    @inline(__always)
    @usableFromInline
    package static func bound<First: AnyObject, Second>(
        _ body: @escaping @isolated(any) (First, Second) -> Void, registeredFrom registrant: (any Actor)?,
        _ what: @autoclosure () -> String
    ) -> @Sendable (First, Second) -> Void where Input == (First, Second) {
        let direct = IsolatedCall.bound(body)
        guard let actor = RegionBound.actor(of: body.isolation, registeredFrom: registrant, what()) else {
            return direct
        }
        let mailbox = ActorMailbox.of(actor)
        return { first, second in
            RegionBound.enter(mailbox)
            direct(first, second)
        }
    }

    /// A nonisolated-only registration's closure, checked: the form Swift
    /// picks when the values may not cross and no owner's region can hold
    /// the closure (a type-wide hook of a non-`Sendable` type, a `Sendable`
    /// owner with non-`Sendable` arguments). Its parameter has no
    /// `@_inheritActorContext`, so a closure written in actor code is
    /// nonisolated and the compiler refuses it the actor's state; one marked
    /// with a global actor explicitly (`{ @MainActor in … }`) traps here.
    ///
    /// - Parameters:
    ///   - isolation: The closure's isolation, which must be nil.
    ///   - what: What is registered, for the message.
    @inline(__always)
    @usableFromInline
    package static func nonisolated<Body>(_ body: Body, _ isolation: (any Actor)?, _ what: @autoclosure () -> String)
        -> Body
    {
        if let isolation { refuse(isolation, what()) }
        return body
    }
}

/// The trap of ``ActorDelivery/nonisolated(_:_:_:)``.
@inline(never)
@usableFromInline
func refuse(_ isolation: any Actor, _ what: String) -> Never {
    // `fatalError`: the message prints in optimised builds too.
    fatalError(
        """
        ClosureKit: \(what) receives values that are not Sendable, so it cannot run on \(type(of: isolation)) \
        when the call comes from elsewhere. Register it from nonisolated code, make the values Sendable, or \
        register it for one instance (the closure then joins that instance's region).
        """)
}
