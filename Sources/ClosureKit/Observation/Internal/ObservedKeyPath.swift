/// The key path of an observation, as the observation and the changes it
/// delivers hold it: pinned or held, in one word.
///
/// A pinned key path (``PinnedKeyPath``) lives for the life of the process,
/// so copying it costs no reference counting. Any other key path (one given
/// to a change made by hand, one observed once the pins are all taken) is
/// held, as any value holds a reference.
///
/// `AnyKeyPath` is not `Sendable` because a key path may hold subscript
/// arguments; a key path is immutable, and the library only reads it and
/// hands it to handlers, so sharing it between threads is safe.
@usableFromInline
struct ObservedKeyPath: @unchecked Sendable {
    @usableFromInline
    enum Storage {
        case pinned(PinnedKeyPath)
        case held(AnyKeyPath)
    }

    @usableFromInline let storage: Storage

    /// `keyPath`, held: what a change made by hand carries.
    @inlinable
    init(holding keyPath: AnyKeyPath) {
        storage = .held(keyPath)
    }

    /// A pinned key path: copying the value costs no reference counting.
    @inlinable
    init(pinned keyPath: PinnedKeyPath) {
        storage = .pinned(keyPath)
    }

    /// `keyPath`, pinned if a pin is free and held otherwise: what an
    /// observation keeps.
    @usableFromInline
    init(pinning keyPath: AnyKeyPath) {
        storage = PinnedKeyPath(pinning: keyPath).map { .pinned($0) } ?? .held(keyPath)
    }

    /// The key path.
    @inlinable
    var keyPath: AnyKeyPath {
        switch storage {
        case .pinned(let pinned): pinned.keyPath
        case .held(let keyPath): keyPath
        }
    }

    /// The key path if it is pinned; nil for a held one.
    @inlinable
    var pinned: PinnedKeyPath? {
        guard case .pinned(let pinned) = storage else { return nil }
        return pinned
    }
}

/// The key paths that observations refer to without reference counting
/// (``PinnedKeyPath``): each is kept for the life of the process, at most
/// ``capacity`` of them.
///
/// A key path is pinned by identity, so that pinning runs no user code (a
/// subscript argument's `hash(into:)` or `==`), under the lock or anywhere:
/// the table keys the objects by `ObjectIdentifier`, which stays unique
/// because a pinned object never ends. A key path literal without subscript
/// arguments is one object for the life of the process (the runtime keeps
/// it), so observing it again takes no second pin; a key path with arguments
/// is a new object each time it is written. The bound keeps what a program
/// pins finite whatever it observes: a key path observed once the pins are
/// taken is held by its observation instead, which costs each of its
/// notifications a retain and a release.
@usableFromInline
enum KeyPathPins {
    /// The most key paths pinned.
    static let capacity = 1024

    /// Unchecked (``UncheckedSendable``): stored and looked up by identity only.
    private static let pinned = Locked(UncheckedSendable<[ObjectIdentifier: AnyKeyPath]>([:]))

    /// Pins `keyPath` for the life of the process; returns false, pinning
    /// nothing, when all ``capacity`` pins are taken by other key paths.
    static func pin(_ keyPath: AnyKeyPath) -> Bool {
        let id = ObjectIdentifier(keyPath)
        return pinned.withLock { pinned in
            if pinned.value[id] != nil { return true }
            guard pinned.value.count < capacity else { return false }
            pinned.value[id] = keyPath
            return true
        }
    }

    /// How many key paths are pinned.
    static var count: Int { pinned.withLock { $0.value.count } }
}
