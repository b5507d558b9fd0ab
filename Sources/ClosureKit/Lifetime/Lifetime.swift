/// The opt-in to deterministic end-of-life support: a class adopts it with one
/// stored property.
///
/// ```swift
/// final class Document: Lifetime {
///     let lifetimeStorage = LifetimeStorage()
/// }
/// ```
///
/// For an object that adopts `Lifetime`:
/// - end-of-life callbacks (`ObjectLifetime.onEnd(of:perform:)`) are run by
///   the object's deinitialisation, deterministically: one registered from
///   nonisolated code runs there, on the thread that released the object;
///   one registered from an actor runs on that actor, at once if the object
///   ends there and enqueued to it otherwise (see the Isolation article);
/// - associated values (``Association``) live in the object itself, are
///   released in the same moment, and are read through the object's own
///   storage, with no look-up by address in the library's side table.
///
/// Any class works with ClosureKit without adopting `Lifetime`; what changes
/// is *when* its values are released and its callbacks run (see
/// ``ObjectLifetime``).
///
/// The storage must belong to exactly one object: do not share it, and do not
/// keep references to it elsewhere (the callbacks run when it is released).
public protocol Lifetime: AnyObject {
    /// The object's own end-of-life and association storage. Declare it as
    /// `let lifetimeStorage = LifetimeStorage()`.
    var lifetimeStorage: LifetimeStorage { get }
}

extension Lifetime {
    /// Registers a closure that runs when this object ends.
    ///
    /// Equivalent to `ObjectLifetime.onEnd(of:perform:)` with this object.
    ///
    /// - Parameters:
    ///   - body: Runs once, when the object ends: on the registering actor
    ///     (see the Isolation article); registered from nonisolated code,
    ///     during the object's deinitialisation.
    /// - Returns: The token that unregisters the closure.
    @inlinable
    public func onEnd(
        @_inheritActorContext perform body: consuming @escaping @isolated(any) @Sendable () -> Void
    ) -> CancellationToken {
        // Inlinable, so that the adopter's own type reads its storage as the
        // stored property it is, with no retain; the rest is the library's.
        lifetimeStorage.addEndCallback(body, owner: ObjectIdentifier(self))
    }
}
