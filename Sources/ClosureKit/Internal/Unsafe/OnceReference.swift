internal import Synchronization

/// A reference stored once and then read without a lock: the links of
/// ``HookStorage``'s list of cores, which a hooked call reads on every call,
/// so that finding an instance's hooks takes no lock round trip.
///
/// Atomic where `Synchronization`'s `AtomicLazyReference` is available to
/// every supported OS (Linux); behind a lock on Apple platforms, whose
/// deployment targets predate it, as ``AtomicCounter`` does.
#if canImport(Darwin)
typealias OnceReference = LockBackedOnceReference
#else
typealias OnceReference = AtomicBackedOnceReference
#endif

/// The reference is kept as the bits of a retained `Unmanaged`, in an
/// `Atomic<UInt>`: `AtomicLazyReference` does the same, but its `load()` is
/// not inlinable and runs as unspecialised generic code, with a metadata
/// look-up on every call (its measured worth: Benchmarks/HISTORY.md,
/// "Unsafe constructs").
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct AtomicBackedOnceReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
    private let bits = Atomic<UInt>(0)

    init() {}

    deinit {
        let stored = bits.load(ordering: .acquiring)
        if stored != 0 { Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: stored)!).release() }
    }

    /// The stored reference, or nil while none is.
    @inline(__always)
    func load() -> Instance? {
        let stored = bits.load(ordering: .acquiring)
        guard stored != 0 else { return nil }
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: stored)!).takeUnretainedValue()
    }

    /// Stores `desired` if nothing is stored yet; returns what is stored.
    func storeIfNil(_ desired: Instance) -> Instance {
        let retained = Unmanaged.passRetained(desired)
        let new = UInt(bitPattern: retained.toOpaque())
        let (exchanged, original) = bits.compareExchange(
            expected: 0, desired: new, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return desired }
        retained.release()
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }
}

struct LockBackedOnceReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
    private let value = Locked<Instance?>(nil)

    init() {}

    /// The stored reference, or nil while none is.
    func load() -> Instance? {
        value.withLock { $0 }
    }

    /// Stores `desired` if nothing is stored yet; returns what is stored.
    func storeIfNil(_ desired: Instance) -> Instance {
        value.withLock { stored in
            if let stored { return stored }
            stored = desired
            return desired
        }
    }
}
