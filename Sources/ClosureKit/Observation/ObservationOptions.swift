/// What an observation registered with
/// `KeyPathObservable.observe(_:options:_:)` delivers, and when.
///
/// The options mirror Key-Value Observing's, plus two of ClosureKit's own:
///
/// | option | effect |
/// |---|---|
/// | ``new`` | changes carry ``ObservedChange/newValue`` |
/// | ``old`` | changes carry ``ObservedChange/oldValue`` |
/// | ``initial`` | one callback with the current value, before the registration returns (one exception: ``initial``) |
/// | ``prior`` | one callback before each change as well as the one after it |
/// | ``skippingEqualValues`` | a set that stores a value equal to the previous one notifies nobody |
/// | ``once`` | the observation ends after its first callback |
///
/// With no options at all the callback still receives a well-formed
/// ``ObservedChange``: its ``ObservedChange/kind`` and
/// ``ObservedChange/keyPath`` are set, and both values are `nil`.
///
/// ```swift
/// let token = settings.observe(\.volume, options: [.old, .new]) { settings, change in
///     print("volume", change.oldValue!, "->", change.newValue!)
/// }
/// ```
public struct ObservationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates options from their raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Changes carry the value after the set in ``ObservedChange/newValue``.
    public static let new = ObservationOptions(rawValue: 1 << 0)

    /// Changes carry the value before the set in ``ObservedChange/oldValue``.
    public static let old = ObservationOptions(rawValue: 1 << 1)

    /// The callback runs once with the current value (in
    /// ``ObservedChange/newValue`` when ``new`` is given), synchronously,
    /// before the registration returns: registered from nonisolated code,
    /// from the main actor, or from any other actor, for every form of
    /// `observe`.
    ///
    /// One exception: registered from an actor other than the main one, for
    /// a `Sendable` object whose values are `Sendable`, where the runtime
    /// cannot tell the library that the registration runs on that actor
    /// (Apple systems before macOS 26, iOS 26, tvOS 26, watchOS 26 and
    /// visionOS 26, or an actor whose custom executor does not implement
    /// `isIsolatingCurrentContext()`). There the callback is enqueued to the
    /// actor and runs after the registration returns, once the actor is free.
    ///
    /// Removing the observation inside that first callback (for example
    /// with ``KeyPathObservable/removeAllHandlers()``) is safe: nothing more
    /// is delivered and the returned token's `cancel()` returns `false`.
    public static let initial = ObservationOptions(rawValue: 1 << 2)

    /// The callback also runs before each change, with
    /// ``ObservedChange/isPrior`` set and the value before the change in
    /// ``ObservedChange/oldValue`` (when ``old`` is given). The callback after
    /// the change follows it.
    public static let prior = ObservationOptions(rawValue: 1 << 3)

    /// A set that stores a value equal (`==`) to the one it replaces notifies
    /// nobody. Without this option every set notifies, as Key-Value Observing
    /// does.
    ///
    /// The compiler must see that the observed value is `Equatable`: for
    /// one key path of a type that is not, for several key paths of such a
    /// type, and for key paths of different types (`PartialKeyPath`),
    /// `observe` takes ``NonEquatableObservationOptions``, which lack this
    /// option, so asking for it there is a compile-time error, never an
    /// option silently ignored.
    public static let skippingEqualValues = ObservationOptions(rawValue: 1 << 4)

    /// The observation ends after its first callback of any kind (initial,
    /// prior or change), like ``RegistrationOptions/once``. Its token's
    /// `cancel()` then returns `false`.
    public static let once = ObservationOptions(rawValue: 1 << 5)
}

/// The options of an observation whose value the compiler does not know to
/// be `Equatable`: every ``ObservationOptions`` option except
/// ``ObservationOptions/skippingEqualValues``, which needs `==`.
///
/// Why a second type: `observe` has one form for `Equatable` values, taking
/// ``ObservationOptions``, and one for the others, taking these. Since this
/// type has no usable `skippingEqualValues`, asking to skip equal values of
/// a type that has no `==` is a compile-time error that says what to do
/// instead, for one key path, several key paths of one type, and key paths
/// of different types (whose values the compiler cannot see as `Equatable`)
/// alike. You rarely name the type: write the options as a literal
/// (`[.new, .old]`) and Swift picks the form.
///
/// ```swift
/// struct Payload { var bytes: [UInt8] }   // not Equatable
/// let token = model.observe(\.payload, options: [.new]) { _, change in
///     print(change.newValue!.bytes.count)
/// }
/// // model.observe(\.payload, options: [.new, .skippingEqualValues]) { … }
/// // error: 'skippingEqualValues' is unavailable: skippingEqualValues needs a type known to be Equatable; …
/// ```
public struct NonEquatableObservationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates options from their raw bits; the bit of
    /// ``ObservationOptions/skippingEqualValues`` is ignored.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue & ~ObservationOptions.skippingEqualValues.rawValue
    }

    /// See ``ObservationOptions/new``.
    public static let new = NonEquatableObservationOptions(rawValue: ObservationOptions.new.rawValue)
    /// See ``ObservationOptions/old``.
    public static let old = NonEquatableObservationOptions(rawValue: ObservationOptions.old.rawValue)
    /// See ``ObservationOptions/initial``.
    public static let initial = NonEquatableObservationOptions(rawValue: ObservationOptions.initial.rawValue)
    /// See ``ObservationOptions/prior``.
    public static let prior = NonEquatableObservationOptions(rawValue: ObservationOptions.prior.rawValue)
    /// See ``ObservationOptions/once``.
    public static let once = NonEquatableObservationOptions(rawValue: ObservationOptions.once.rawValue)

    /// Unavailable: skipping equal values needs `==`.
    @available(
        *, unavailable,
        message: "skippingEqualValues needs a type known to be Equatable; make it Equatable, or observe each type apart"
    )
    public static var skippingEqualValues: NonEquatableObservationOptions {
        NonEquatableObservationOptions(rawValue: 0)
    }

    /// The same options as ``ObservationOptions``.
    @usableFromInline
    var observationOptions: ObservationOptions { ObservationOptions(rawValue: rawValue) }
}
