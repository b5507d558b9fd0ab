/// One notification of an observation: which key path, what kind of
/// callback, and the values the observation asked for.
///
/// ```swift
/// let token = settings.observe([\.volume, \.balance], options: [.old, .new]) { _, change in
///     let name = change.keyPath == \Settings.volume ? "volume" : "balance"
///     print(name, change.oldValue as Any, "->", change.newValue as Any)
/// }
/// ```
///
/// For a nested key path such as `\.owner.address.city`, the values are those
/// of the whole path, evaluated on the observed object, whichever link of the
/// path was set.
public struct ObservedChange<Value> {
    /// Why the callback runs.
    public enum Kind: Hashable, Sendable {
        /// The delivery that ``ObservationOptions/initial`` asks for, before
        /// the registration returns.
        case initial
        /// Before a change, for ``ObservationOptions/prior``.
        case prior
        /// After a set.
        case change
    }

    /// The key path, as it was registered, whose value changed. Compare it
    /// with `==` to tell the key paths of one registration apart.
    ///
    /// The library keeps up to 1024 observed key paths for the life of the
    /// process (a key path literal without subscript arguments is one object
    /// however often it is observed), so that their changes refer to them
    /// without reference counting. Any other key path, among them those given
    /// to ``init(keyPath:kind:oldValue:newValue:)``, lives as long as its
    /// observation or a change that carries it.
    @inlinable
    public var keyPath: AnyKeyPath { observedKeyPath.keyPath }

    /// The key path, pinned or held (see `ObservedKeyPath`).
    @usableFromInline
    let observedKeyPath: ObservedKeyPath

    /// Why the callback runs.
    public let kind: Kind

    /// The value before the change, if ``ObservationOptions/old`` was given;
    /// always `nil` for ``Kind/initial``.
    public let oldValue: Value?

    /// The value after the change (or the current value for
    /// ``Kind/initial``), if ``ObservationOptions/new`` was given; always `nil`
    /// for ``Kind/prior``.
    public let newValue: Value?

    /// Creates a change. The library creates changes; this initializer exists
    /// for tests of code that consumes them.
    ///
    /// - Parameters:
    ///   - keyPath: The key path that changed.
    ///   - kind: Why the callback runs.
    ///   - oldValue: The value before the change.
    ///   - newValue: The value after the change.
    public init(keyPath: AnyKeyPath, kind: Kind, oldValue: Value?, newValue: Value?) {
        self.init(keyPath: ObservedKeyPath(holding: keyPath), kind: kind, oldValue: oldValue, newValue: newValue)
    }

    @inlinable
    init(keyPath: ObservedKeyPath, kind: Kind, oldValue: Value?, newValue: Value?) {
        self.observedKeyPath = keyPath
        self.kind = kind
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// Whether this is the notification before a change
    /// (``ObservationOptions/prior``).
    @inlinable
    public var isPrior: Bool { kind == .prior }

    /// Whether this is the initial delivery (``ObservationOptions/initial``).
    @inlinable
    public var isInitial: Bool { kind == .initial }
}

// `AnyKeyPath` is not declared `Sendable` because a key path may capture
// subscript arguments; a key path is immutable, so sharing one across
// threads is safe, which `ObservedKeyPath` says once for the library.
extension ObservedChange: Sendable where Value: Sendable {}
