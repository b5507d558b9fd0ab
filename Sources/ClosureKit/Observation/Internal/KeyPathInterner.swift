/// The process-wide table of observed key paths: one immortal instance per
/// distinct key path.
///
/// ``ObservedChange`` refers to its key path without owning it, so that a
/// notification costs no reference counting for it; that is safe because
/// every key path it can refer to is interned here and never released. The
/// table grows with the number of *distinct* key paths a program observes,
/// like a table of selectors.
@usableFromInline
enum KeyPathInterner {
    private static let table = Locked<Set<AnyKeyPath>>([])

    /// The interned instance equal to `keyPath`, unretained: the table keeps
    /// it alive for the life of the process.
    @usableFromInline
    static func intern(_ keyPath: AnyKeyPath) -> Unmanaged<AnyKeyPath> {
        table.withLock { table in
            let (_, member) = table.insert(keyPath)
            return Unmanaged.passUnretained(member)
        }
    }
}

/// A key path interned in ``KeyPathInterner``, held without reference
/// counting: the table keeps it alive for the life of the process, so a
/// notification pays no retain and release of it (its measured worth:
/// Benchmarks/HISTORY.md, "Unsafe constructs").
@usableFromInline
struct InternedKeyPath: @unchecked Sendable {
    @usableFromInline let reference: Unmanaged<AnyKeyPath>

    /// Interns `keyPath`.
    @usableFromInline
    init(_ keyPath: AnyKeyPath) {
        reference = KeyPathInterner.intern(keyPath)
    }

    /// The interned key path.
    @inlinable
    var keyPath: AnyKeyPath { reference.takeUnretainedValue() }
}
