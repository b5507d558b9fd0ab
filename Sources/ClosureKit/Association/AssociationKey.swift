/// A typed key under which a value is associated with an object.
///
/// Each key made with ``init(_:)`` is distinct from every other, even when two
/// share a name; declare keys once, as `static let`s:
///
/// ```swift
/// extension AssociationKey where Value == String {
///     static let nickname = AssociationKey("nickname")
/// }
/// Association.set("Bob", for: .nickname, on: person)
/// ```
///
/// The value type is part of the key, so reads are typed and need no cast.
public struct AssociationKey<Value>: Hashable, Sendable, CustomStringConvertible {
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

private enum KeyCounter {
    private static let counter = Locked(0)

    static func next() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
