/// The token of an observation of several key paths: it ends the whole
/// observation, like any ``CancellationToken``, or stops observing one of its
/// key paths and keeps the others.
///
/// `observe(_:options:_:)` returns one when given an array of key paths:
///
/// ```swift
/// let token = window.observe([\.width, \.height, \.title], options: .new) { window, change in
///     print(change.keyPath, change.newValue!)
/// }
/// token.cancel(\.title)   // width and height are still observed
/// ```
///
/// ``cancel(_:)`` follows the rules of ``CancellationToken/cancel()`` for the
/// observation of that key path alone: it is idempotent and thread-safe, it
/// returns `true` only the first time and only if it prevented anything, and
/// once it has returned no new dispatch of a set of that key path calls the
/// closure (one that had already begun on another thread may finish; for a
/// closure that runs on an actor, a change of that key path still waiting for
/// the actor is dropped too). Sets of the other key paths keep notifying. Dropping the last key path that is
/// still observed ends the whole observation: ``CancellationToken/isCancelled``
/// becomes `true` and ``CancellationToken/cancel()`` returns `false`.
///
/// The token is a ``CancellationToken``: store it in the same set or array
/// as the others; releasing it ends the observation of every key path.
// Sendable: its stored properties are immutable, and `group` is thread-safe.
// (A subclass of an `@unchecked Sendable` class restates it.)
public final class KeyPathObservationToken<Root>: CancellationToken, @unchecked Sendable {
    /// The observation of each key path, in the order given, with its token
    /// (also held by `group`, which cancels those still in it at the end).
    /// Immutable.
    private let keyPaths: [(keyPath: AnyKeyPath, token: CancellationToken)]
    private let group: TokenGroup
    private let dropped: DroppedKeyPaths?

    /// A token that ends `whole` (the observation of every key path, its
    /// actor delivery included) and drops key paths from `group` (and, for a
    /// closure delivered to an actor, from the changes waiting for it).
    init(
        ending whole: CancellationToken, group: TokenGroup, keyPaths: [(AnyKeyPath, CancellationToken)],
        dropped: DroppedKeyPaths?
    ) {
        self.keyPaths = keyPaths.map { (keyPath: $0.0, token: $0.1) }
        self.group = group
        self.dropped = dropped
        super.init(registration: TokenGroup([whole]))
    }

    /// Stops observing `keyPath` and keeps observing the registration's other
    /// key paths.
    ///
    /// ```swift
    /// let token = window.observe([\.width, \.height, \.title], options: .new) { window, change in
    ///     print(change.keyPath, change.newValue!)
    /// }
    /// token.cancel(\.title)   // width and height are still observed
    /// ```
    ///
    /// A key path given several times in the registration is dropped every
    /// time it occurs. Safe to call from any thread, and from the
    /// observation's own closure.
    ///
    /// - Precondition: `keyPath` is one of the key paths this token's
    ///   observation was registered with; otherwise the call traps, naming
    ///   the key path and the registered ones.
    /// - Parameter keyPath: The key path to stop observing.
    /// - Returns: `true` if this call ended the observation of `keyPath`
    ///   (the first call, while it was still observed); `false` when it had
    ///   been dropped already, or the whole observation had ended.
    @discardableResult
    public func cancel(_ keyPath: PartialKeyPath<Root>) -> Bool {
        let matching = keyPaths.filter { $0.keyPath == keyPath }.map { ObjectIdentifier($0.token) }
        if matching.isEmpty {
            // `fatalError`: a release build would drop a precondition's message.
            fatalError(
                "\(KeyPathDescription.of(keyPath)) is not a key path of this token's observation, which was "
                    + "registered with " + keyPaths.map { KeyPathDescription.of($0.keyPath) }.joined(separator: ", ")
            )
        }
        // First, so that a change of `keyPath` that waits for the closure's
        // actor is not delivered once this returns.
        dropped?.add(keyPath)
        let prevented = group.cancel(where: { matching.contains(ObjectIdentifier($0)) })
        if group.isEnded {
            // Nothing is left to observe: end the whole registration (its
            // actor delivery too, which releases the closure's captures).
            cancel()
        }
        return prevented
    }
}

/// The key paths dropped from an observation whose closure is delivered to
/// an actor: a change sent from another thread waits for the actor, and is
/// not delivered if its key path was dropped meanwhile (a closure run on the
/// sender's thread needs no such check: the engine's re-check covers it).
final class DroppedKeyPaths: Sendable {
    /// Unchecked (``UncheckedSendable``): appended and copied out under the
    /// lock, compared with no lock held.
    private let keyPaths = Locked(UncheckedSendable<[AnyKeyPath]>([]))

    func add(_ keyPath: AnyKeyPath) {
        keyPaths.withLock { $0.value.append(keyPath) }
    }

    /// `handler`, skipping the changes of dropped key paths.
    func filtering<Root, Value>(
        _ handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) -> @Sendable (Root, ObservedChange<Value>) -> Void {
        { [self] object, change in
            let keyPath = change.keyPath
            // Copied out, then compared with no lock held: comparing key
            // paths compares their subscript arguments with the user's `==`.
            let dropped = keyPaths.withLock { $0.value }
            guard !dropped.contains(keyPath) else { return }
            handler(object, change)
        }
    }
}
