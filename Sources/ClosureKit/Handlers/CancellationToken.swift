/// What every registration in ClosureKit returns: a handle that ends the
/// registration when cancelled or released.
///
/// A token ends its registration in three ways: by ``cancel()``, when the token
/// itself is released (it cancels in `deinit`, like Combine's `AnyCancellable`),
/// and when the registration ends on its own (a one-shot handler that ran, an
/// observed object that ended). Keep the token for as long as the handler
/// should stay registered; registration functions are deliberately not
/// `@discardableResult`, so that dropping a token by accident is a warning.
///
/// ```swift
/// var tokens = Set<CancellationToken>()
/// ObjectLifetime.onEnd(of: document) { print("document closed") }
///     .store(in: &tokens)
/// ```
///
/// ## Thread safety
///
/// ``cancel()`` is idempotent and may be called from any thread. Once it has
/// returned, no dispatch that starts afterwards calls the handler. A dispatch
/// that had already passed its check on another thread may still finish its
/// call. On the thread that cancels, and inside the handler itself,
/// cancellation takes effect at once.
///
/// ## Subclasses inside the library
///
/// The class is not `open`: only the library subclasses it, where a
/// registration is cheapest as its own token. A pending delay is one object,
/// token and record at once (see `DelayRecord`), and so is an end-of-life
/// callback (see `EndCallback`); such a subclass creates the token with
/// `init()` and overrides ``cancel()`` and ``isCancelled``. A delay ends its
/// registration in its own `deinit`; an end-of-life callback whose token was
/// released is found by its chain (it is then the chain's only reference)
/// and dropped at the chain's next prune or when its object ends.
public class CancellationToken: Hashable, @unchecked Sendable {
    // `registration` is immutable; `cancelled` is guarded by the lock stripe of
    // this token, so that a token costs no lock allocation of its own.
    private let registration: (any TokenRegistration)?
    private var cancelled = false

    /// Creates a token for a registration inside the library.
    init(registration: any TokenRegistration) {
        self.registration = registration
    }

    /// Creates a token that is its own registration, for subclasses.
    init() {
        self.registration = nil
    }

    /// Creates a token that runs `onCancel` the first time it is cancelled or
    /// released.
    ///
    /// Use it to give your own registrations the same token semantics as the
    /// library's:
    ///
    /// ```swift
    /// let token = CancellationToken { connection.close() }
    /// ```
    ///
    /// - Parameter onCancel: Runs at most once, on the thread that cancels (or
    ///   releases) the token, with no library lock held.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.registration = ClosureRegistration(onCancel)
    }

    /// A token that has nothing to cancel: ``cancel()`` always returns `false`.
    ///
    /// Useful as a placeholder where an API must return a token but registered
    /// nothing.
    public static func inert() -> CancellationToken {
        CancellationToken(registration: InertRegistration())
    }

    deinit {
        // Releasing the token cancels the registration. No lock is needed: a
        // token in deinit is referenced by no other thread.
        if !cancelled {
            _ = registration?.cancelRegistration()
        }
    }

    /// Ends the registration.
    ///
    /// Idempotent and thread-safe. Returns `true` only for the first call, and
    /// only if it prevented something: a handler that would still have run, a
    /// delay that had not fired. It returns `false` when called again, when a
    /// one-shot handler has already run, or when the registration ended on its
    /// own (for example because the observed object ended).
    ///
    /// A dispatch that starts after `cancel()` has returned never calls the
    /// handler. One that had already passed its check on another thread may
    /// finish. On the cancelling thread, and inside the handler, the effect is
    /// immediate.
    ///
    /// - Returns: Whether this call prevented anything.
    @discardableResult
    public func cancel() -> Bool {
        let first = Lock.striped(for: self).withLock { () -> Bool in
            if cancelled { return false }
            cancelled = true
            return true
        }
        guard first, let registration else { return false }
        return registration.cancelRegistration()
    }

    /// Whether ``cancel()`` has been called on this token.
    ///
    /// It does not turn true when a registration ends on its own (a one-shot
    /// handler that ran, an object that ended); it records only what the owner
    /// of the token did.
    public var isCancelled: Bool {
        Lock.striped(for: self).withLock { cancelled }
    }

    /// Adds the token to a set, so that it lives as long as the set holds it.
    ///
    /// - Parameter set: The set that keeps the token.
    public final func store(in set: inout Set<CancellationToken>) {
        set.insert(self)
    }

    /// Appends the token to an array, so that it lives as long as the array
    /// holds it.
    ///
    /// - Parameter array: The array that keeps the token.
    public final func store(in array: inout [CancellationToken]) {
        array.append(self)
    }

    /// Tokens are equal only to themselves.
    public static func == (lhs: CancellationToken, rhs: CancellationToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public final func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// What a token ends. Conformers are the library's registration records:
/// handler-list entries, pending delays, observations.
protocol TokenRegistration: AnyObject, Sendable {
    /// Ends the registration. Returns whether it prevented anything.
    /// Called at most once per token, with no library lock held.
    func cancelRegistration() -> Bool
}

private final class ClosureRegistration: TokenRegistration {
    private let onCancel: @Sendable () -> Void

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    func cancelRegistration() -> Bool {
        onCancel()
        return true
    }
}

private final class InertRegistration: TokenRegistration {
    func cancelRegistration() -> Bool { false }
}
