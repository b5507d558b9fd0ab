/// A snapshot with its element type erased, so that owners keep and return
/// snapshots without generic metadata.
@usableFromInline
class AnyHandlerSnapshot: @unchecked Sendable {
    /// Whether the snapshot holds one entry, a terminal `instead` entry that
    /// is not one-shot: it answers a call by itself, and the snapshot read
    /// under the lock is its check. Readable without the element type, so
    /// that an owner can decide under its lock what else a call needs (a
    /// proxy skips loading its real delegate).
    @usableFromInline let isSoleTerminal: Bool
    /// Whether the snapshot holds one entry, not one-shot, at a position
    /// other than `after`: a hook point's call on an instance with one hook
    /// runs it alone (``HandlerCore/readSole(unless:_:)``).
    @usableFromInline let isSole: Bool
    /// The group of the core the snapshot was read from: a dispatch reads its
    /// removal count through the snapshot it holds, retaining nothing more.
    @usableFromInline let group: HandlerGroup

    init(isSoleTerminal: Bool, isSole: Bool, group: HandlerGroup) {
        self.isSoleTerminal = isSoleTerminal
        self.isSole = isSole
        self.group = group
    }
}

/// The registered entries at one moment, immutable, each with a copy of its
/// element so that a dispatch reads them with no lock.
@usableFromInline
final class HandlerSnapshot<Element>: AnyHandlerSnapshot, @unchecked Sendable {
    /// An entry with copies of what a dispatch reads, so that reading them
    /// touches only this struct, whose layout the caller's specialised code
    /// knows.
    @usableFromInline
    struct Item {
        @usableFromInline let entry: HandlerEntry<Element>
        @usableFromInline let position: HookPosition?
        @usableFromInline let once: Bool
        @usableFromInline let element: Element

        init(entry: HandlerEntry<Element>, element: Element) {
            self.entry = entry
            self.position = entry.position
            self.once = entry.once
            self.element = element
        }
    }

    /// In registration order.
    @usableFromInline let items: ContiguousArray<Item>
    /// Which positions have entries: bit 0 before, 1 instead, 2 after, 3 none.
    @usableFromInline let positions: UInt8
    /// The indices of the `instead` items, newest first: the order of an
    /// instead chain, outermost first.
    @usableFromInline let chain: ContiguousArray<Int>

    init(_ items: ContiguousArray<Item>, group: HandlerGroup) {
        self.items = items
        var positions: UInt8 = 0
        var chain = ContiguousArray<Int>()
        for (index, item) in items.enumerated().reversed() {
            positions |= Self.bit(item.entry.position)
            if item.entry.position == .instead { chain.append(index) }
        }
        self.positions = positions
        self.chain = chain
        let isSole = items.count == 1 && !items[0].once && items[0].position != .after
        super.init(
            isSoleTerminal: isSole && items[0].position == .instead && items[0].entry.terminal, isSole: isSole,
            group: group)
    }

    @inlinable @inline(__always)
    static func bit(_ position: HookPosition?) -> UInt8 {
        switch position {
        case .before: 1
        case .instead: 2
        case .after: 4
        case nil: 8
        }
    }

    /// Whether any entry sits at `position`.
    @inlinable @inline(__always)
    func has(_ position: HookPosition?) -> Bool {
        positions & Self.bit(position) != 0
    }
}

/// One dispatch: a snapshot and the removal count read with it.
///
/// Calls run with no lock held. Before each call the entry is re-checked
/// (``isCurrent(_:)``): free while nothing was removed from the core's lock
/// since the snapshot, a claim under the lock otherwise or for a one-shot
/// entry. What the caller asks of an element before that (its `where`, a
/// closure's readiness) it asks first, with no lock held.
@usableFromInline
struct HandlerDispatch<Element> {
    @usableFromInline let snapshot: HandlerSnapshot<Element>
    @usableFromInline let removals: UInt

    @usableFromInline
    init(_ snapshot: HandlerSnapshot<Element>, removals: UInt) {
        self.snapshot = snapshot
        self.removals = removals
    }

    /// Whether the item may be called now, consuming it if one-shot. The
    /// caller has asked, with no lock held, whatever decides that it wants
    /// the item (see ``HandlerCore/claim(_:)``).
    @inlinable @inline(__always)
    func isCurrent(_ item: HandlerSnapshot<Element>.Item) -> Bool {
        if !item.once, snapshot.group.removals.load() == removals { return true }
        return item.entry.core.claim(item.entry)
    }

    /// Whether the item at `index` may be called now; reads the item in
    /// place, so that a dispatch retains nothing per handler.
    @inlinable @inline(__always)
    func isCurrent(at index: Int) -> Bool {
        if !snapshot.items[index].once, snapshot.group.removals.load() == removals { return true }
        return snapshot.items[index].entry.core.claim(snapshot.items[index].entry)
    }

    /// Whether `matches` holds for the item at `index` and it may be called
    /// now. `matches` runs first, with no lock held.
    @inlinable @inline(__always)
    func isCurrent(at index: Int, where matches: (Element) -> Bool) -> Bool {
        matches(snapshot.items[index].element) && isCurrent(at: index)
    }

    /// Calls `body` with each current element at `position` for which
    /// `matches` holds, in registration order.
    @inlinable
    func forEach(
        at position: HookPosition,
        where matches: (Element) -> Bool = { _ in true },
        _ body: (Element) throws -> Void
    ) rethrows {
        guard snapshot.has(position) else { return }
        let items = snapshot.items
        for index in items.indices where items[index].position == position {
            guard matches(items[index].element), isCurrent(at: index) else { continue }
            try body(items[index].element)
        }
    }

    /// Calls `body` with each current element, in registration order,
    /// whatever its position.
    @inlinable
    func forEach(_ body: (Element) throws -> Void) rethrows {
        let items = snapshot.items
        for index in items.indices where isCurrent(at: index) {
            try body(items[index].element)
        }
    }

    /// Calls `body` with each current element for which `matches` holds, in
    /// registration order, whatever its position.
    @inlinable
    func forEach(where matches: (Element) -> Bool, _ body: (Element) throws -> Void) rethrows {
        let items = snapshot.items
        for index in items.indices {
            guard matches(items[index].element), isCurrent(at: index) else { continue }
            try body(items[index].element)
        }
    }
}
