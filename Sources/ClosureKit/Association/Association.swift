/// Values attached to any class instance under typed keys: the Swift
/// counterpart of `objc_setAssociatedObject`, on every platform.
///
/// ```swift
/// let badge = AssociationKey<Int>("badge")
/// Association.set(3, for: badge, on: view)
/// print(Association.value(for: badge, on: view) ?? 0)   // 3
/// Association.set(nil, for: badge, on: view) // removes it
/// ```
///
/// Values are held strongly unless you ask for ``AssociationPolicy/weak``
/// (available when the value is a class). Switching one key between the two
/// policies is safe at any time. All functions are thread-safe.
///
/// ## When values are released
///
/// - Adopters of ``Lifetime`` keep their values inside the object: they are
///   released in the same moment as the object's stored properties.
/// - Any other object's values sit in the library's side table, keyed by the
///   object's address. They are released when a sweep notices the object has
///   ended; see ``ObjectLifetime`` for exactly when sweeps run, and
///   ``ObjectLifetime/releaseEndedObjects()`` to sweep now.
///
/// An object that reuses the address of an ended one never sees the ended
/// one's values. How the side table ensures it differs by platform:
/// - On Linux, and wherever there is no Objective-C runtime, an entry holds
///   an `unowned` reference to its object. It keeps the ended object's own
///   memory (not what its stored properties referred to, which is released
///   as usual) allocated until the sweep drops the entry, so no new object
///   can take the address meanwhile. The object gets no weak-reference side
///   table.
/// - On Apple platforms, where an object may be an Objective-C object, an
///   entry holds a weak reference, which tells a newcomer at the address from
///   the ended object. A weak reference gives the object a weak-reference
///   side table, which makes its own retains and releases slower.
///
/// ## Types and boxed values
///
/// A type can carry values too, keyed by its identity and kept for as long as
/// the program runs: `Association.set(1, for: key, on: Document.self)`. A
/// metatype passed as `AnyObject` (`Document.self as AnyObject`) is recognised
/// and keyed the same way. Any other value converted to `AnyObject` (`42 as
/// AnyObject`) traps, because each conversion makes a new box and nothing
/// stored on one could be read back.
///
/// ## Thread safety
///
/// Reads and writes may come from any thread. The library does not make the
/// values themselves thread-safe: a value you read on one thread and mutate on
/// another needs its own synchronisation. A value released by the library
/// (replaced, removed, or swept) is released with no library lock held.
public enum Association {
    /// The value associated with `object` under `key`, or nil.
    ///
    /// A weakly held value reads nil once it has been released.
    ///
    /// - Parameters:
    ///   - key: The typed key.
    ///   - object: Any class instance.
    @inlinable
    public static func value<Value>(for key: AssociationKey<Value>, on object: AnyObject) -> Value? {
        if let type = boxedType(object) {
            return TypeAssociations.box(for: key.id, on: type).flatMap { ($0 as? ValueBox<Value>)?.value() }
        }
        guard let box = SideTable.box(for: key.id, on: object) else { return nil }
        // Safe: a key's id is unique to its Value type, so whatever is stored
        // under it is a ValueBox<Value>.
        return ValueBox<Value>.unchecked(box).value()
    }

    /// The value associated with `object` under `key`, or nil.
    ///
    /// The statically typed overload for adopters of ``Lifetime``, which reads
    /// the object's own storage directly.
    @inlinable
    public static func value<Value, Owner: Lifetime>(for key: AssociationKey<Value>, on object: Owner) -> Value? {
        object.lifetimeStorage.value(for: key)
    }

    /// Associates `value` with `object` under `key`, held strongly; nil removes
    /// the association.
    ///
    /// - Parameters:
    ///   - value: The value, or nil to remove.
    ///   - key: The typed key.
    ///   - object: Any class instance.
    @inlinable
    public static func set<Value>(_ value: Value?, for key: AssociationKey<Value>, on object: AnyObject) {
        if let type = boxedType(object) {
            _ = TypeAssociations.replace(key.id, on: type, with: value.map { StrongValueBox($0) })
            return
        }
        if var value {
            // A write in place swaps the old value out into `value`, which
            // releases it here, after the lock.
            if SideTable.updateBox(for: key.id, on: object, { ValueBox<Value>.swap(&value, into: $0) }) { return }
            let old = SideTable.replaceBox(for: key.id, on: object, with: StrongValueBox(value))
            _ = old
            return
        }
        let old = SideTable.replaceBox(for: key.id, on: object, with: nil)
        // The replaced value is released here, after the lock.
        _ = old
    }

    /// Associates `value` with `object` under `key`, held strongly; nil removes
    /// the association.
    ///
    /// The statically typed overload for adopters of ``Lifetime``, which writes
    /// the object's own storage directly.
    @inlinable
    public static func set<Value, Owner: Lifetime>(_ value: Value?, for key: AssociationKey<Value>, on object: Owner) {
        let storage = object.lifetimeStorage
        if var value {
            // See set(_:for:on:) for any object.
            if storage.updateBox(for: key.id, owner: object, { ValueBox<Value>.swap(&value, into: $0) }) { return }
            let old = storage.replaceBox(for: key.id, with: StrongValueBox(value), owner: object)
            _ = old
            return
        }
        let old = storage.replaceBox(for: key.id, with: nil, owner: object)
        // The replaced value is released here, after the lock.
        _ = old
    }

    /// Associates `value` with `object` under `key` with the given policy; nil
    /// removes the association.
    ///
    /// ```swift
    /// @MainActor final class Controller {}  // Sendable: isolated to the main actor
    /// let owner = AssociationKey<Controller>("owner")
    /// let controller = Controller()
    /// Association.set(controller, for: owner, on: view, policy: .weak)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value, or nil to remove.
    ///   - key: The typed key.
    ///   - object: Any class instance.
    ///   - policy: ``AssociationPolicy/strong`` keeps the value alive;
    ///     ``AssociationPolicy/weak`` does not.
    public static func set<Value: AnyObject>(
        _ value: Value?,
        for key: AssociationKey<Value>,
        on object: AnyObject,
        policy: AssociationPolicy
    ) {
        let box: ValueBox<Value>? = value.map { value in
            switch policy {
            case .strong: StrongValueBox(value)
            case .weak: WeakValueBox(value)
            }
        }
        if let type = boxedType(object) {
            _ = TypeAssociations.replace(key.id, on: type, with: box)
            return
        }
        let old = SideTable.replaceBox(for: key.id, on: object, with: box)
        // The replaced value is released here, after the lock.
        _ = old
    }

    /// Removes the value associated with `object` under `key`.
    ///
    /// - Returns: The value that was removed, if any.
    @discardableResult
    public static func removeValue<Value>(for key: AssociationKey<Value>, from object: AnyObject) -> Value? {
        if let type = boxedType(object) {
            return (TypeAssociations.replace(key.id, on: type, with: nil) as? ValueBox<Value>)?.value()
        }
        guard let old = SideTable.replaceBox(for: key.id, on: object, with: nil) else { return nil }
        return ValueBox<Value>.unchecked(old).value()
    }

    /// Removes every value associated with `object`.
    ///
    /// The values are released on the calling thread, after the library's lock
    /// is released.
    public static func removeAll(from object: AnyObject) {
        if let type = boxedType(object) {
            _ = TypeAssociations.removeAll(on: type)
            return
        }
        guard let storage = SideTable.existingStorage(for: object) else { return }
        _ = storage.removeAllBoxes()
    }

    /// The number of values associated with `object`.
    public static func count(on object: AnyObject) -> Int {
        if let type = boxedType(object) { return TypeAssociations.count(on: type) }
        return SideTable.existingStorage(for: object)?.associatedValueCount ?? 0
    }

    /// The value under `key` on `object`, inserting `make()` (held strongly)
    /// first if there is none: an atomic get-or-insert, for library code that
    /// hangs per-object state on objects.
    ///
    /// `make` may be called even when another thread's value wins; only one
    /// value is ever stored.
    static func value<Value>(
        for key: AssociationKey<Value>,
        on object: AnyObject,
        insertingIfAbsent make: () -> Value
    ) -> Value {
        if let existing = value(for: key, on: object) { return existing }
        let candidate = StrongValueBox(make())
        let stored = SideTable.storage(for: object).existingBox(for: key.id, orInsert: candidate)
        return ValueBox<Value>.unchecked(stored).value()!
    }
}
