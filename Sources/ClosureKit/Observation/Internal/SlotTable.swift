/// Process-wide small integers for observable properties, so that a write
/// finds its observers by comparing integers rather than by hashing a key
/// path.
///
/// A property's slot is assigned the first time it is needed, from the key
/// path of the property as its declaring class names it (`\Settings.volume`),
/// and cached in its ``ObservableProperty`` storage in each instance.
@usableFromInline
enum SlotTable {
    private static let slots = Locked<[AnyKeyPath: Int]>([:])

    /// The slot of the property that `keyPath` names (as its declaring class
    /// names it). Never 0, which means "not yet known".
    @usableFromInline
    static func slot(for keyPath: AnyKeyPath) -> Int {
        slots.withLock { slots in
            if let slot = slots[keyPath] { return slot }
            let slot = slots.count + 1
            slots[keyPath] = slot
            return slot
        }
    }
}
