extension HookStorage {
    /// ``HandlerCore/readSole(unless:_:)`` of the hooks of the hook point
    /// with selector id `id`, whose elements are `Element`s; nil when the
    /// instance has none.
    ///
    /// The core is lent, not retained: the list only grows, and its nodes
    /// (and their cores) end with the storage, which the caller's instance
    /// keeps for the call. A walk that retained each node and returned the
    /// core retained costs a call two retains and two releases more (its
    /// measured worth: Benchmarks/HISTORY.md, "Unsafe constructs").
    @inlinable
    func readSole<Element, Projection>(
        _ id: Int, of _: Element.Type, unless other: HandlerTally,
        _ project: (borrowing Element) -> Projection
    ) -> Projection? {
        guard let lent = lentCore(for: id) else { return nil }
        return lent._withUnsafeGuaranteedRef { core in
            HandlerCore<Element>.typed(core: core).readSole(unless: other, project)
        }
    }

    /// The hooks of the hook point with selector id `id`, or nil when the
    /// instance has none: the lent core, retained for a caller that keeps it
    /// (a call's stages).
    @usableFromInline
    func core(for id: Int) -> AnyHandlerCore? {
        lentCore(for: id)?.takeUnretainedValue()
    }

    /// The core of the hook point with selector id `id`, unretained (see
    /// ``readSole(_:of:unless:_:)``): the one walk of the list a call makes.
    @usableFromInline
    func lentCore(for id: Int) -> Unmanaged<AnyHandlerCore>? {
        var node = first.loadUnretained()
        while let current = node {
            let core = current._withUnsafeGuaranteedRef { node in
                node.id == id ? Unmanaged.passUnretained(node.core) : nil
            }
            if let core { return core }
            node = current._withUnsafeGuaranteedRef { $0.next.loadUnretained() }
        }
        return nil
    }
}
