extension LifetimeStorage {
    /// The value stored under `key`: the box is read under the lock by a
    /// library function, and its value read from it after the lock. That is
    /// safe: a strong box's value is replaced in place only under the lock
    /// while nothing else holds the box (this read holds it), and a weak
    /// reference is safe to load from any thread.
    ///
    /// Association's typed view of the storage's boxes: ``LifetimeStorage``
    /// itself stores untyped boxes and knows nothing of keys.
    @inlinable
    func value<Value>(for key: AssociationKey<Value>) -> Value? {
        box(for: key.id).flatMap { ValueBox<Value>.unchecked($0).value() }
    }
}
