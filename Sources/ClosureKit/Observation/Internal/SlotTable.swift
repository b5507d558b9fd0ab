/// Process-wide small integers for observable properties, so that a write
/// finds its observers by comparing integers rather than by hashing a key
/// path.
///
/// A property's slot is assigned the first time it is needed, from the key
/// path of the property as its declaring class names it (`\Settings.volume`),
/// and cached in its ``ObservableProperty`` storage in each instance.
@usableFromInline
enum SlotTable {
    /// Unchecked (``UncheckedSendable``): the key paths of stored properties
    /// (an ``ObservableProperty``'s wrapped key path), which have no subscript
    /// arguments, so hashing them under the lock calls no user code.
    private static let slots = Locked(UncheckedSendable<[AnyKeyPath: Int]>([:]))

    /// The slot of the property that `keyPath` names (as its declaring class
    /// names it). Never 0, which means "not yet known".
    @usableFromInline
    static func slot(for keyPath: AnyKeyPath) -> Int {
        slots.withLock { slots in
            if let slot = slots.value[keyPath] { return slot }
            let slot = slots.value.count + 1
            slots.value[keyPath] = slot
            return slot
        }
    }
}
