/// What a ``Hookable`` instance keeps of its own hooks: the one stored
/// property the protocol asks for.
///
/// ```swift
/// final class Document: Hookable {
///     let hookStorage = HookStorage()
/// }
/// ```
///
/// Each instance declares its own (`let hookStorage = HookStorage()`); do not
/// share one between objects or return one from a computed property. The
/// instance's hooks, of every hook point, live here and end with it, and a
/// call on an instance with no hooks of its own reads one count here instead
/// of looking the instance up in a process-wide table. A `@MainActor` type
/// declares it `nonisolated let`.
public final class HookStorage: @unchecked Sendable {
    /// The number of hooks on the instance, of every hook point: read
    /// without the lock by a call that has no type-wide hooks to run.
    @usableFromInline
    let tally = HandlerTally()

    /// The instance's hooks, one core per hook point it has hooks of, by the
    /// hook point's selector id (``Locked`` skips the dynamic exclusivity
    /// check its lock makes redundant).
    private let cores = Locked<ContiguousArray<(id: Int, core: AnyHandlerCore)>>([])

    /// Creates empty storage, for the stored property of a ``Hookable`` type.
    public init() {}

    deinit {
        // The instance has ended: its hooks end with it (each core's entries
        // hold the core, so the core must be emptied to be released).
        for entry in cores.withLock({ $0 }) { entry.core.removeAllEntries() }
    }

    /// The hooks of the hook point with selector id `id`, or nil when the
    /// instance has none.
    @usableFromInline
    func core(for id: Int) -> AnyHandlerCore? {
        cores.withLock { cores in
            for entry in cores where entry.id == id { return entry.core }
            return nil
        }
    }

    /// The hooks of the hook point with selector id `id`, made with `make`
    /// the first time.
    func core(for id: Int, make: () -> AnyHandlerCore) -> AnyHandlerCore {
        cores.withLock { cores in
            for entry in cores where entry.id == id { return entry.core }
            let core = make()
            cores.append((id, core))
            return core
        }
    }
}
