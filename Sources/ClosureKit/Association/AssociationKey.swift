/// A typed key under which a value is associated with an object.
///
/// A key's identity is the key made by ``init(_:)``, not its name: copies of
/// one key are equal and reach the same value, while two keys made separately
/// are different keys even when they share a name. (The same rule as
/// `MethodSelector`: a name could collide between two modules that never see
/// each other; an instance cannot.) So declare each key once, as a
/// `static let`; a computed `static var` would make a new key on every access,
/// under which nothing stored could be read back:
///
/// ```swift
/// extension AssociationKey where Value == String {
///     static let nickname = AssociationKey("nickname")
/// }
/// Association.set("Bob", for: .nickname, on: person)
/// ```
///
/// The value type is part of the key, so reads are typed and need no cast.
///
/// The value type is `Sendable`: an associated value is read and written from
/// any thread, so a value that could not cross threads safely (a plain class
/// with mutable state) is refused by the compiler. A `@MainActor` class, an
/// actor, a value type of `Sendable` parts and a class that synchronises
/// itself are all `Sendable`.
public struct AssociationKey<Value: Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The key's identity, unique in the process.
    @usableFromInline
    let id: Int

    /// A name for diagnostics; it plays no part in identity.
    public let name: String

    /// Creates a new, distinct key.
    ///
    /// - Parameter name: A name for diagnostics. Two keys with the same name
    ///   are still different keys.
    public init(_ name: String = "") {
        self.id = KeyCounter.next()
        self.name = name
    }

    /// The key's name and value type, for diagnostics.
    public var description: String {
        "AssociationKey<\(Value.self)>(\(name.isEmpty ? "#\(id)" : name))"
    }
}

enum KeyCounter {
    private static let counter = Locked(0)

    static func next() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
