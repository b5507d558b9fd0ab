/// The opt-in to closure-based key-path observation: a class adopts it with
/// one stored property and marks each observable property with
/// ``ObservableProperty``.
///
/// Linux has no Key-Value Observing, so nothing is observable by default;
/// the same opt-in works unchanged on Apple platforms.
///
/// ```swift
/// final class Settings: KeyPathObservable {
///     let observationStorage = ObservationStorage()
///     @ObservableProperty var volume = 0.5
///     @ObservableProperty var theme = "light"
/// }
///
/// let settings = Settings()
/// let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
///     print("volume", change.oldValue!, "->", change.newValue!)
/// }
/// settings.volume = 0.8   // prints "volume 0.5 -> 0.8"
/// ```
///
/// ## Delivery
///
/// Callbacks run after the new value is stored (``ObservationOptions/prior``
/// callbacks before), where the code that registered them lives (see the
/// Isolation article), and receive the object and its values only where they
/// may go:
/// - An object that is not `Sendable` (a plain model class, as above): the
///   callback joins the object's region. Registered on the main actor (a
///   `@MainActor` view model observing the model it owns), it may use
///   main-actor state, and the compiler then keeps the object on the main
///   actor; registered from nonisolated code, it may capture local `var`s.
///   It runs synchronously, on the thread that sets the property.
/// - A `Sendable` object (a `@MainActor` class, a class that guards its
///   state) and a `Sendable` value: the callback is `@Sendable`. Registered
///   from nonisolated code, it runs synchronously on the thread that sets the
///   property. Registered from an actor (a `@MainActor` view model, another
///   actor, top-level code), it is that actor's code: it runs synchronously
///   when the property is known to be set on that actor and no earlier event
///   for the actor waits, and is enqueued to the actor otherwise, in the
///   order of the sets. A set on the main actor is known in every host, and
///   a set on another actor is known from the concurrency runtime (an actor
///   with a custom executor that cannot tell, and Apple systems before the 26
///   releases, count as elsewhere).
/// - A `Sendable` object whose value is not `Sendable` (or key paths of
///   different types, whose values arrive as `Any`): such a value may not
///   cross to an actor, so the callback is `@Sendable` and nonisolated, and
///   runs on the thread that sets the property.
///
/// No library lock is held while they run, so a callback may read and set
/// observed properties, and add or remove observations, itself included.
/// Several threads may set properties at once: each set produces exactly one
/// notification per observation.
///
/// A key path that reads no ``ObservableProperty``, or that reaches an object
/// through a property that is not one, traps at the registration, naming the
/// key path and the fix: it is a mistake in the code, not a condition to
/// handle.
///
/// ## Lifetime
///
/// Observations never keep the observed object alive. When it ends, every
/// observation of it ends with it, deterministically, during its
/// deinitialisation (its ``observationStorage`` is released then): no
/// callback runs afterwards and the tokens' `cancel()` returns `false`.
public protocol KeyPathObservable: AnyObject {
    /// The object's observers and the bookkeeping of its observable
    /// properties. Declare it as
    /// `let observationStorage = ObservationStorage()`.
    var observationStorage: ObservationStorage { get }
}
