/// How a ``SideTable`` entry refers to the object it describes: tells whether
/// an object found at the entry's address is its owner, and whether the owner
/// has ended.
///
/// Two strategies, both compiled and tested on every platform; ``SideTable``
/// uses the one `SideTable.OwnerReference` names for the platform.
protocol SideTableOwnerReference {
    /// Refers to `owner`, whose address is `address`.
    init(owner: AnyObject, address: UInt)

    /// Whether the entry belongs to `object`, a live object found at the
    /// entry's address.
    func isOwned(by object: AnyObject) -> Bool

    /// Whether the owner has ended. A check that had to load a strong
    /// reference to a live owner leaves it in `loaded`, for the caller to
    /// release once it holds no lock: another thread may have let go of the
    /// owner meanwhile, and the last release runs the owner's `deinit`.
    func ownerHasEnded(loaded: inout [AnyObject]) -> Bool
}

extension SideTable {
    /// The strategy for this platform. With the Objective-C runtime, objects
    /// may be Objective-C objects, for which an unowned reference does not
    /// keep memory allocated, so only ``WeakOwnerReference`` is sound there.
    /// Elsewhere every object is a native Swift object, and
    /// ``PinnedOwnerReference`` (in `Internal/Unsafe/`) spares owners the
    /// weak-reference side table.
    #if canImport(ObjectiveC)
    typealias OwnerReference = WeakOwnerReference
    #else
    typealias OwnerReference = PinnedOwnerReference
    #endif
}

/// A weak reference to the owner: an object at the entry's address is the
/// owner only if the reference still reads that object, and the owner has
/// ended once it reads nil. Sound for every kind of object; it gives the
/// owner a weak-reference side table, which makes its retains and releases
/// slower.
struct WeakOwnerReference: SideTableOwnerReference {
    private weak var owner: AnyObject?

    init(owner: AnyObject, address _: UInt) {
        self.owner = owner
    }

    @inline(__always)
    func isOwned(by object: AnyObject) -> Bool {
        owner === object
    }

    func ownerHasEnded(loaded: inout [AnyObject]) -> Bool {
        guard let owner else { return true }
        loaded.append(owner)
        return false
    }
}

extension PinnedOwnerReference {
    @inline(__always)
    func isOwned(by _: AnyObject) -> Bool {
        // The address cannot have been reused while the reference pins it.
        true
    }
}
