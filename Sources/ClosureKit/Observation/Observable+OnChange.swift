#if canImport(Observation)
import Dispatch
import Observation

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Observable where Self: AnyObject {
    /// Calls a closure with the old and new values each time one property of
    /// this `@Observable` object changes, until the returned token is
    /// cancelled: the bridge from Swift's Observation framework to
    /// ClosureKit's tokens.
    ///
    /// ```swift
    /// @Observable @MainActor final class Player { var volume = 0.5 }
    ///
    /// let token = player.onChange(of: \.volume, on: .main) { old, new in
    ///     print("volume", old, "->", new)
    /// }
    /// ```
    ///
    /// `withObservationTracking` alone reports one change, before it happens,
    /// without the values. This bridge re-arms the tracking after every
    /// change, reads the new value after the change has been stored, and
    /// hands the closure the value it delivered last time as the old value.
    ///
    /// ## Delivery
    ///
    /// Observation announces a change *before* the property is stored, so the
    /// bridge reads the new value on `queue`, asynchronously, after the
    /// setting code has finished: pass the queue the object is confined to
    /// (`.main` for a `@MainActor` model). Several changes before the queue
    /// gets to run are delivered as one call, with the value from before the
    /// first and the value after the last. Available wherever the Observation
    /// module is, Linux included.
    ///
    /// The closure runs where the code that registered it lives (see the
    /// Isolation article): registered from nonisolated code, on `queue`;
    /// registered from the main actor, on the main actor (directly when
    /// `queue` is `.main`, otherwise enqueued to it, in order); registered
    /// from another actor, enqueued to that actor, in order.
    ///
    /// The object must be `Sendable` (a `@MainActor` model is): the bridge
    /// reads it on `queue`, and only a `Sendable` object may be read on a
    /// queue the compiler cannot see it confined to. For a model that is not
    /// `Sendable`, make it `@MainActor` and pass `.main`, or observe its
    /// properties with ``KeyPathObservable``, whose observers run where the
    /// property is set.
    ///
    /// The observation does not keep the object alive; it ends when the token
    /// is cancelled or released, or when the object ends. No call starts
    /// after `cancel()` has returned.
    ///
    /// - Parameters:
    ///   - keyPath: The property to observe, or any value computed from
    ///     tracked properties.
    ///   - queue: The queue the object is confined to; the new value is read
    ///     there, and a closure registered from nonisolated code runs there.
    ///   - handler: Called with the old and the new value.
    /// - Returns: The token that ends the observation.
    public func onChange<Value: Sendable>(
        of keyPath: KeyPath<Self, Value>,
        on queue: DispatchQueue,
        @_inheritActorContext perform handler:
            @escaping @isolated(any) @Sendable (_ oldValue: Value, _ newValue: Value) -> Void
    ) -> CancellationToken where Self: Sendable {
        let (handler, delivery) = ActorDelivery.make(handler)
        let observation = TrackedValueObservation(root: self, keyPath: keyPath, queue: queue, handler: handler)
        observation.start()
        return ActorDelivery.token(CancellationToken(registration: observation), ending: delivery)
    }

    /// The changes of one property of this `@Observable` object, each with
    /// the old and the new value, as an asynchronous sequence.
    ///
    /// ```swift
    /// @Observable @MainActor final class Player { var volume = 0.5 }
    ///
    /// @MainActor
    /// func follow(_ player: Player) async {
    ///     for await change in player.changes(of: \.volume, on: .main) {
    ///         print("volume", change.oldValue!, "->", change.newValue!)
    ///     }
    /// }
    /// ```
    ///
    /// The object must be `Sendable` (a `@MainActor` model is), as for
    /// `onChange(of:on:perform:)`.
    ///
    /// The sequence is the bridge `onChange(of:on:perform:)`: the new value is
    /// read on `queue` after the setting code has finished, and several
    /// changes before the queue runs are one element, from the value before
    /// the first to the value after the last. Each element is a
    /// ``ObservedChange`` of kind ``ObservedChange/Kind/change`` that carries
    /// both values.
    ///
    /// The observation ends when the iterating task is cancelled or the
    /// sequence is dropped. The sequence finishes when the object ends:
    /// during its deinitialisation if it adopts ``Lifetime``, otherwise when
    /// ``ObjectLifetime`` notices the end. See ``EventSequence``.
    ///
    /// - Parameters:
    ///   - keyPath: The property to observe, or any value computed from
    ///     tracked properties.
    ///   - queue: The queue the object is confined to (`.main` for a
    ///     `@MainActor` model); the values are read there.
    ///   - buffering: What a consumer that is not waiting is kept;
    ///     ``EventBuffering/default``, the newest 64 changes, unless given.
    /// - Returns: The changes, from this call on.
    public func changes<Value: Sendable>(
        of keyPath: KeyPath<Self, Value>,
        on queue: DispatchQueue,
        buffering: EventBuffering = .default
    ) -> EventSequence<ObservedChange<Value>> where Self: Sendable {
        let shared = ObservedKeyPath(holding: keyPath)
        return EventSequence(buffering: buffering) { feed in
            let changes = onChange(of: keyPath, on: queue) { old, new in
                feed.yield(ObservedChange(keyPath: shared, kind: .change, oldValue: old, newValue: new))
            }
            // The bridge alone would notice the object's end only at a change
            // that never comes; its end of life finishes the sequence, whose
            // termination then cancels both registrations.
            let end = ObjectLifetime.endOf(self) { feed.finish() }
            return CancellationToken {
                changes.cancel()
                end.cancel()
            }
        }
    }
}

/// One ``Observation/Observable`` property observed through
/// `withObservationTracking`, re-armed after each change.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class TrackedValueObservation<Root: AnyObject & Observable, Value: Sendable>: TokenRegistration,
    @unchecked Sendable
{
    // `root` and `keyPath` are read only on `queue` (and once at start, on
    // the registering thread, which the caller confines to the same
    // isolation); the rest is guarded by `state`.
    private weak var root: Root?
    private let keyPath: KeyPath<Root, Value>

    private struct State {
        var ended = false
        var last: Value?
        /// Cleared when the observation ends, so that what the handler
        /// captured is released at `cancel()`, as every registration does.
        var handler: (@Sendable (Value, Value) -> Void)?
    }

    private let state: Locked<State>
    private let trigger: ChangeTrigger

    init(
        root: Root, keyPath: KeyPath<Root, Value>, queue: DispatchQueue,
        handler: @escaping @Sendable (Value, Value) -> Void
    ) {
        self.root = root
        self.keyPath = keyPath
        self.state = Locked(State(handler: handler))
        self.trigger = ChangeTrigger(queue: queue)
        trigger.target = self
    }

    func start() {
        guard let value = arm() else { return }
        state.withLock { $0.last = value }
    }

    func cancelRegistration() -> Bool {
        let previous = state.withLock { state -> State in
            defer {
                state.ended = true
                state.last = nil
                state.handler = nil
            }
            return state
        }
        // The last value and the handler are released here, after the lock.
        return !previous.ended
    }

    /// Reads the value with tracking armed; nil if the object has ended.
    private func arm() -> Value? {
        guard let root else { return nil }
        let keyPath = keyPath
        let trigger = trigger
        return withObservationTracking {
            root[keyPath: keyPath]
        } onChange: {
            // Runs before the change is stored, on the setting thread.
            trigger.fire()
        }
    }

    func deliver() {
        guard state.withLock({ !$0.ended }) else { return }
        guard let new = arm() else {
            _ = cancelRegistration()
            return
        }
        let call = state.withLock { state -> (Value, @Sendable (Value, Value) -> Void)? in
            if state.ended { return nil }
            defer { state.last = new }
            guard let old = state.last, let handler = state.handler else { return nil }
            return (old, handler)
        }
        guard let (old, handler) = call else { return }
        handler(old, new)
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension TrackedValueObservation: ChangeTarget {}

/// What a ``ChangeTrigger`` delivers to.
protocol ChangeTarget: AnyObject, Sendable {
    func deliver()
}

/// The non-generic part of a tracked observation that Observation's
/// `onChange` closure holds: it schedules the delivery on the queue, and
/// holds the observation weakly, so that a tracking left armed after the
/// token ended keeps nothing alive.
final class ChangeTrigger: @unchecked Sendable {
    // Written once, before the trigger is shared.
    weak var target: (any ChangeTarget)?
    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func fire() {
        queue.async { [weak self] in self?.target?.deliver() }
    }
}

extension ObjectLifetime {
    /// `onEnd(of:perform:)`, deterministic for an adopter of ``Lifetime``
    /// whose static type the caller does not know.
    static func endOf(_ object: AnyObject, perform body: @escaping @Sendable () -> Void) -> CancellationToken {
        if let owner = object as? any Lifetime {
            return owner.onEnd(perform: body)
        }
        return onEnd(of: object, perform: body)
    }
}
#endif
