/// `object`, the object whose observed property was set, as `Root`, the type
/// of the object that registered the observer, without a dynamic check.
///
/// Sound because a set reaches the observers of a storage only through its
/// owner (``ObservationStorage/observersLocked(forSlot:of:)`` traps
/// otherwise), and a direct observation's observer is registered only in its
/// root's own storage, bound to the root, which is a `Root`.
///
/// Buys 25.3% on observation.write-10: 1152 instructions against 1542 with
/// the safe form (`object as! Root`).
@inlinable @inline(__always)
func observedRoot<Root: AnyObject>(_ object: AnyObject, as _: Root.Type) -> Root {
    uncheckedCast(object, to: Root.self)
}
