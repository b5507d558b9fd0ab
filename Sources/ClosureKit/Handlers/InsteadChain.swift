/// One link of a delegate proxy's instead chain: a closure that takes the
/// arguments alone, or one that receives an ``InsteadInvocation``.
@usableFromInline
enum InsteadLink<Arguments, Result> {
    /// Replaces the call and takes only the arguments: it cannot proceed.
    case arguments((Arguments) -> Result)
    /// Receives an ``InsteadInvocation`` whose `proceed()` continues inward.
    case invocation((inout InsteadInvocation<Arguments, Result>) -> Result)

    /// Runs the link with `arguments`; `next` continues inward.
    @inlinable @inline(__always)
    func run(
        _ selector: MethodSelector<Arguments, Result>, _ arguments: Arguments,
        next: InsteadContinuation<Arguments, Result>
    ) -> Result {
        switch self {
        case .arguments(let body):
            body(arguments)
        case .invocation(let body):
            next.withInvocation(selector, arguments, body)
        }
    }
}

/// The instead chain, shared by delegate proxies and hook points (through
/// ``Stages``).
///
/// Links are numbered from the outermost (0) inward. Running the chain calls
/// the outermost link that is still registered; its
/// ``InsteadInvocation/proceed()`` runs the next one inward, and the innermost
/// proceeds to `end` (the real delegate, the protocol's default, or the
/// hooked method's original). A link that does not proceed hides everything
/// inside it. Each link is claimed (re-checked, one-shot links consumed) only
/// when the chain reaches it.
///
/// The continuation takes the arguments, so a link may proceed with changed
/// ones.
///
/// An invocation must hold its continuation in a stored property, so the
/// chain's closure, which the call passes as a non-escaping one, is made
/// escaping in type once per call (`withoutActuallyEscaping`, with a check
/// when the call ends that nothing kept it). Every link's continuation is
/// that one closure with the index to go on from (``InsteadContinuation``).
/// The closure receives itself as a parameter (``InsteadChainBody``) instead
/// of reading itself from a captured variable, so it captures nothing that
/// changes and a call pays no optional unwrap or extra retain per link. A
/// call allocates one box whatever the chain's length: the one the runtime
/// wraps a non-escaping closure in to check, when the call ends, that nothing
/// kept it. Sparing it would take a conversion of a non-escaping closure
/// that Swift does not offer.
@usableFromInline
enum InsteadChain<Arguments, Result> {
    /// Runs a chain of `count` links with `arguments`.
    ///
    /// - Parameters:
    ///   - count: The number of links.
    ///   - arguments: The arguments the outermost link receives.
    ///   - link: Claims link `index` and runs it with the arguments it
    ///     receives; `next` runs the links inside it. Nil when the link was
    ///     removed since the snapshot: the chain then goes on inward.
    ///   - end: What the innermost link replaced.
    @inlinable
    static func run(
        count: Int,
        arguments: Arguments,
        link: (_ index: Int, _ arguments: Arguments, _ next: InsteadContinuation<Arguments, Result>) -> Result?,
        end: (Arguments) -> Result
    ) -> Result {
        // The chain from `index` inward, given itself as an escaping closure.
        func run(from index: Int, _ arguments: Arguments, _ chain: InsteadChainBody<Arguments, Result>) -> Result {
            var index = index
            while index < count {
                let inner = index + 1
                if let answer = link(index, arguments, InsteadContinuation(chain: chain, inner: inner)) {
                    return answer
                }
                index = inner
            }
            return end(arguments)
        }
        return escaping({ index, arguments, chain in run(from: index, arguments, chain) }) { escaped in
            escaped(0, arguments, InsteadChainBody(escaped))
        }
    }

    /// Runs a chain of one link that cannot be removed meanwhile: `link`
    /// runs with `arguments` and a continuation bound to `end` directly,
    /// with none of the loop and claims of ``run(count:arguments:link:end:)``
    /// (a hook point whose one hook is an `instead` hook).
    @inlinable
    static func runOne(
        arguments: Arguments,
        link: (_ arguments: Arguments, _ next: InsteadContinuation<Arguments, Result>) -> Result,
        end: (Arguments) -> Result
    ) -> Result {
        escaping({ _, arguments, _ in end(arguments) }) { escaped in
            link(arguments, InsteadContinuation(chain: InsteadChainBody(escaped), inner: 1))
        }
    }

    /// `body` given `closure`, escaping in type only, while it runs.
    ///
    /// Never inlined: `closure` then arrives with its context on the
    /// caller's stack, and the conversion allocates only its box (inlined,
    /// the context moves to the heap as well).
    @inlinable @inline(never)
    static func escaping(
        _ closure: (Int, Arguments, InsteadChainBody<Arguments, Result>) -> Result,
        _ body: (@escaping (Int, Arguments, InsteadChainBody<Arguments, Result>) -> Result) -> Result
    ) -> Result {
        withoutActuallyEscaping(closure, do: body)
    }
}

/// The chain of one call, as its continuations hold it: a closure that runs
/// the chain from a link inward and receives itself, to hand to the
/// continuations of the links it runs.
@usableFromInline
struct InsteadChainBody<Arguments, Result> {
    @usableFromInline let run: (Int, Arguments, InsteadChainBody) -> Result

    @inlinable
    init(_ run: @escaping (Int, Arguments, InsteadChainBody) -> Result) {
        self.run = run
    }
}

/// What an `instead` link proceeds to: the chain of the call, from the link
/// inside it.
@usableFromInline
struct InsteadContinuation<Arguments, Result> {
    /// Runs the chain of the call from a link inward.
    @usableFromInline let chain: InsteadChainBody<Arguments, Result>
    /// The link inside the one that proceeds.
    @usableFromInline let inner: Int

    @inlinable
    init(chain: InsteadChainBody<Arguments, Result>, inner: Int) {
        self.chain = chain
        self.inner = inner
    }

    /// Runs what the link replaced with `arguments`.
    @inlinable
    func callAsFunction(_ arguments: Arguments) -> Result {
        chain.run(inner, arguments, chain)
    }

    /// Calls `body` with the invocation of an `instead` link that proceeds
    /// here.
    @inlinable @inline(__always)
    func withInvocation(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        _ body: (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> Result {
        var invocation = InsteadInvocation(selector: selector, arguments: arguments, next: self)
        return body(&invocation)
    }
}
