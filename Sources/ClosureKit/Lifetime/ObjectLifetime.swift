/// End-of-life callbacks for any object.
///
/// ```swift
/// let token = ObjectLifetime.onEnd(of: connection) {
///     print("connection ended")
/// }
/// ```
///
/// ## When callbacks run
///
/// - For an object that adopts ``Lifetime``: during the object's
///   deinitialisation, on the thread that released the last reference,
///   deterministically.
/// - For any other object: Swift offers no hook into the deinitialisation of
///   an arbitrary object, so the library's side table, which holds the
///   object's entry, notices the end in a sweep, and ends the object on the
///   library's end-of-life queue (a serial dispatch queue): its callbacks
///   run, and its associated values are released, there, never inside a
///   call of yours. The queue sweeps every ten seconds while the side
///   table has entries; a write, a removal or an end-of-life registration
///   also sweeps once such calls since the previous sweep reach
///   `max(1024, 2 × the entries the previous sweep left)`, and hands what it
///   finds to the queue. ``releaseEndedObjects()`` sweeps at once and ends
///   what it finds on the calling thread. Adopt ``Lifetime`` where the
///   moment matters.
///
/// A callback registered from nonisolated code runs where the object is
/// ended (its deinitialisation, the end-of-life queue, or the caller of
/// ``releaseEndedObjects()``); one registered from an actor runs on that actor:
/// at once when the end is noticed on it, and enqueued to it otherwise (see
/// the Isolation article).
///
/// In both cases the callbacks run exactly once, in registration order, with
/// no library lock held, and never after their token was cancelled.
public enum ObjectLifetime {
    /// Registers a closure that runs when `object` ends.
    ///
    /// - Parameters:
    ///   - object: Any class instance.
    ///   - body: Runs once when the object has ended (see the type's
    ///     discussion for when that is noticed). The object is gone by then, so
    ///     the closure receives nothing.
    /// - Returns: The token that unregisters the closure. Releasing it
    ///   unregisters the closure too.
    public static func onEnd(
        of object: AnyObject,
        @_inheritActorContext perform body: consuming @escaping @isolated(any) @Sendable () -> Void
    ) -> CancellationToken {
        SideTable.storage(for: object).addEndCallback(body)
    }

    /// Registers a closure that runs when `object` ends, during its
    /// deinitialisation.
    ///
    /// The statically typed overload for adopters of ``Lifetime``: it skips the
    /// side table.
    @inlinable
    public static func onEnd<Owner: Lifetime>(
        of object: Owner,
        @_inheritActorContext perform body: consuming @escaping @isolated(any) @Sendable () -> Void
    ) -> CancellationToken {
        object.onEnd(perform: body)
    }

    /// Sweeps the side table now: releases the associated values of every
    /// ended object that does not adopt ``Lifetime``, and runs its end-of-life
    /// callbacks, on the calling thread.
    ///
    /// - Returns: How many ended objects were released.
    @discardableResult
    public static func releaseEndedObjects() -> Int {
        SideTable.sweep()
    }
}
