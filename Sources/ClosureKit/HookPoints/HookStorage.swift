/// What a ``Hookable`` instance keeps of its own hooks: the one stored
/// property the protocol asks for.
///
/// ```swift
/// final class Document: Hookable {
///     struct Hooks {
///         let save = HookPoint<Document, String, Bool>("save(to:)")
///     }
///     static let hooks = Hooks()
///     let hookStorage = HookStorage()
/// }
/// ```
///
/// Each instance declares its own (`let hookStorage = HookStorage()`); do not
/// share one between objects or return one from a computed property. The
/// instance's hooks, of every hook point, live here and end with it, and a
/// call on an instance with no hooks of its own reads one count here instead
/// of looking the instance up in a process-wide table. A `@MainActor` type
/// declares it the same way: a `let` of this `Sendable` type needs no
/// `nonisolated` (its `hooks` does).
public final class HookStorage: @unchecked Sendable {
    /// The number of hooks on the instance, of every hook point: read
    /// without the lock by a call that has no type-wide hooks to run.
    @usableFromInline
    let tally = HandlerTally()

    /// The instance's hooks, one core per hook point it has hooks of, in a
    /// list that only grows: a call finds its hook point's core with no lock
    /// (``OnceReference``); registrations append under the striped lock of
    /// the storage, so that an instance allocates no lock of its own.
    let first = OnceReference<Node>()

    /// One core of the list, by the hook point's selector id.
    final class Node: Sendable {
        let id: Int
        let core: AnyHandlerCore
        let next = OnceReference<Node>()

        init(id: Int, core: AnyHandlerCore) {
            self.id = id
            self.core = core
        }
    }

    /// Creates empty storage, for the stored property of a ``Hookable`` type.
    /// The instance that registered hooks here first (guarded by the
    /// storage's striped lock): one storage belongs to one instance.
    private var owner: ObjectIdentifier?

    public init() {}

    /// The stop of ``core(for:of:make:)`` for a storage that two instances
    /// share.
    private static func shared() -> Never {
        fatalError(
            "ClosureKit: one HookStorage is shared by two instances, whose hooks would mix. Give each instance its "
                + "own: `let hookStorage = HookStorage()`.")
    }

    deinit {
        // The instance has ended: its hooks end with it (each core's entries
        // hold the core, so the core must be emptied to be released).
        var node = first.load()
        while let current = node {
            current.core.removeAllEntries()
            node = current.next.load()
        }
    }

    /// ``HandlerCore/readSole(unless:_:)`` of the hooks of the hook point
    /// with selector id `id`, whose elements are `Element`s; nil when the
    /// instance has none.
    @inlinable
    func readSole<Element, Projection>(
        _ id: Int, of _: Element.Type, unless other: HandlerTally,
        _ project: (borrowing Element) -> Projection
    ) -> Projection? {
        guard let core = core(for: id) else { return nil }
        return HandlerCore<Element>.typed(core: core).readSole(unless: other, project)
    }

    /// The hooks of the hook point with selector id `id`, or nil when the
    /// instance has none: a walk of the list that takes no lock (its links
    /// are stored once and never replaced).
    @usableFromInline
    func core(for id: Int) -> AnyHandlerCore? {
        var node = first.load()
        while let current = node {
            if current.id == id { return current.core }
            node = current.next.load()
        }
        return nil
    }

    /// The hooks of the hook point with selector id `id`, made with `make`
    /// the first time.
    func core(for id: Int, of instance: AnyObject, make: () -> AnyHandlerCore) -> AnyHandlerCore {
        let owner = ObjectIdentifier(instance)
        return Lock.striped(for: self).withLock {
            if let bound = self.owner, bound != owner { Self.shared() }
            self.owner = owner
            var node = first.load()
            guard var last = node else { return first.storeIfNil(Node(id: id, core: make())).core }
            while let current = node {
                if current.id == id { return current.core }
                last = current
                node = current.next.load()
            }
            return last.next.storeIfNil(Node(id: id, core: make())).core
        }
    }
}
