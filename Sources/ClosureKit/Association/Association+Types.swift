/// Values associated with types (`Document.self`): kept in a table keyed by
/// the type's identity, for as long as the program runs (a type never ends).
///
/// A metatype is not a class instance: `Document.self as AnyObject` makes a
/// new box each time on Linux (and for structs and enums everywhere), so a
/// value stored on the box could never be read back. The `AnyObject` entry
/// points of ``Association`` recognise such a box and use the type's
/// identity instead, and the `on type:` overloads take the type directly.
extension Association {
    /// The value associated with `type` under `key`, or nil.
    ///
    /// ```swift
    /// let registrations = AssociationKey<Int>("registrations")
    /// Association.set(1, for: registrations, on: Document.self)
    /// print(Association.value(for: registrations, on: Document.self) ?? 0)  // 1
    /// ```
    ///
    /// - Parameters:
    ///   - key: The typed key.
    ///   - type: Any type: a class, a struct, an enum, a protocol.
    public static func value<Value>(for key: AssociationKey<Value>, on type: Any.Type) -> Value? {
        TypeAssociations.box(for: key.id, on: ObjectIdentifier(type)).flatMap { ($0 as? ValueBox<Value>)?.value() }
    }

    /// Associates `value` with `type` under `key`, held strongly for as long
    /// as the program runs; nil removes the association.
    ///
    /// - Parameters:
    ///   - value: The value, or nil to remove.
    ///   - key: The typed key.
    ///   - type: Any type.
    public static func set<Value>(_ value: Value?, for key: AssociationKey<Value>, on type: Any.Type) {
        let old = TypeAssociations.replace(key.id, on: ObjectIdentifier(type), with: value.map { StrongValueBox($0) })
        // The replaced value is released here, after the lock.
        _ = old
    }

    /// Removes the value associated with `type` under `key`.
    ///
    /// - Returns: The value that was removed, if any.
    @discardableResult
    public static func removeValue<Value>(for key: AssociationKey<Value>, from type: Any.Type) -> Value? {
        (TypeAssociations.replace(key.id, on: ObjectIdentifier(type), with: nil) as? ValueBox<Value>)?.value()
    }

    /// The identity of the type that `object` boxes, if it is a boxed
    /// metatype (`Document.self as AnyObject`); nil for a class instance.
    ///
    /// Traps on any other boxed value (`42 as AnyObject`): a new box is made
    /// at each conversion, so nothing associated with one could be read
    /// back.
    @usableFromInline
    static func boxedType(_ object: AnyObject) -> ObjectIdentifier? {
        guard ObjectIdentifier(Swift.type(of: object)) == TypeAssociations.boxClass else { return nil }
        if let type = object as? Any.Type { return ObjectIdentifier(type) }
        preconditionFailure(
            "Association needs a class instance, but got a value boxed by `as AnyObject` (\(object)): each conversion "
                + "makes a new box, so nothing associated with it could be read back. Associate with an object you "
                + "keep, or with a type through `on: SomeType.self`."
        )
    }
}

/// The table behind associations with types.
@usableFromInline
enum TypeAssociations {
    /// The class of the boxes Swift makes for values converted to
    /// `AnyObject` that are not class instances.
    static let boxClass: ObjectIdentifier = {
        struct Probe {}
        return ObjectIdentifier(type(of: Probe() as AnyObject))
    }()

    /// Unchecked (``UncheckedSendable``): the objects are the library's value
    /// boxes, read and replaced under the lock.
    private static let table = Locked(UncheckedSendable<[ObjectIdentifier: [Int: AnyObject]]>([:]))

    @usableFromInline
    static func box(for key: Int, on type: ObjectIdentifier) -> AnyObject? {
        table.withLock { $0.value[type]?[key] }
    }

    @usableFromInline
    static func replace(_ key: Int, on type: ObjectIdentifier, with box: AnyObject?) -> AnyObject? {
        table.withLock { table in
            if let box {
                return table.value[type, default: [:]].updateValue(box, forKey: key)
            }
            return table.value[type]?.removeValue(forKey: key)
        }
    }

    static func count(on type: ObjectIdentifier) -> Int {
        table.withLock { $0.value[type]?.count ?? 0 }
    }

    static func removeAll(on type: ObjectIdentifier) -> [Int: AnyObject]? {
        table.withLock { $0.value.removeValue(forKey: type) }
    }
}
