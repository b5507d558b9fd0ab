/// One link of an instead chain, as ``InsteadChain`` calls it.
@usableFromInline
enum InsteadLink<Arguments, Result> {
    /// Replaces the call and takes only the arguments: it cannot proceed.
    case arguments((Arguments) -> Result)
    /// Receives an ``Invocation`` whose `proceed()` continues inward.
    case invocation((Invocation<Arguments, Result>) -> Result)
}

/// The instead chain, shared by delegate proxies and hook points.
///
/// Links are numbered from the outermost (0) inward. Running the chain calls
/// the outermost link that is still registered; its
/// ``Invocation/proceed()`` runs the next one inward, and the innermost
/// proceeds to `end` (the real delegate, the protocol's default, or the
/// hooked method's original). A link that does not proceed hides everything
/// inside it. Each link is claimed (re-checked, one-shot links consumed) only
/// when the chain reaches it.
///
/// The continuation takes the arguments, so a link may proceed with changed
/// ones.
@usableFromInline
struct InsteadChain<Arguments, Result> {
    @usableFromInline let selector: MethodSelector<Arguments, Result>
    @usableFromInline let count: Int
    /// Claims link `index`; nil when it was removed since the snapshot.
    @usableFromInline let link: (Int) -> InsteadLink<Arguments, Result>?
    /// What the innermost link replaced.
    @usableFromInline let end: (Arguments) -> Result

    @inlinable
    init(
        selector: MethodSelector<Arguments, Result>,
        count: Int,
        link: @escaping (Int) -> InsteadLink<Arguments, Result>?,
        end: @escaping (Arguments) -> Result
    ) {
        self.selector = selector
        self.count = count
        self.link = link
        self.end = end
    }

    /// Runs a chain of `count` links with `arguments`. The closures need not
    /// escape: invocations are valid only during their hook's call.
    @inlinable
    static func run(
        _ selector: MethodSelector<Arguments, Result>,
        count: Int,
        arguments: Arguments,
        link: (Int) -> InsteadLink<Arguments, Result>?,
        end: (Arguments) -> Result
    ) -> Result {
        withoutActuallyEscaping(link) { link in
            withoutActuallyEscaping(end) { end in
                InsteadChain(selector: selector, count: count, link: link, end: end).run(from: 0, arguments)
            }
        }
    }

    /// Runs the first still-registered link at or inside `index`.
    @inlinable
    func run(from index: Int, _ arguments: Arguments) -> Result {
        var index = index
        while index < count {
            let current = index
            index += 1
            guard let link = link(current) else { continue }
            switch link {
            case .arguments(let body):
                return body(arguments)
            case .invocation(let body):
                let inner = index
                return body(
                    Invocation(
                        selector: selector, position: .instead, arguments: arguments,
                        next: { self.run(from: inner, $0) }))
            }
        }
        return end(arguments)
    }
}
