/// A key path that ``KeyPathPins`` keeps alive for the life of the process,
/// referred to without reference counting, so that copying it into each
/// ``ObservedChange`` of a notification costs no retain and release.
///
/// Sound because the only way to make one is ``init(pinning:)``, which pins
/// the key path first, and a pin is never released: the reference can never
/// dangle. `AnyKeyPath` is not `Sendable` because a key path may hold
/// subscript arguments; a key path is immutable and the library only reads
/// it, so sharing one between threads is safe.
///
/// Buys 37.8% on observation.write-10: 1152 instructions against 1852 with
/// the safe form (the key path held by a strong reference).
@usableFromInline
struct PinnedKeyPath: @unchecked Sendable {
    @usableFromInline let reference: Unmanaged<AnyKeyPath>

    /// `keyPath`, pinned; nil, pinning nothing, when all pins are taken.
    init?(pinning keyPath: AnyKeyPath) {
        guard KeyPathPins.pin(keyPath) else { return nil }
        reference = .passUnretained(keyPath)
    }

    /// The key path.
    @inlinable
    var keyPath: AnyKeyPath { reference.takeUnretainedValue() }
}
