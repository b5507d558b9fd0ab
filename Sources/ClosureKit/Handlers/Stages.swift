/// The engine's before → instead → after sequence: what a message or a
/// hooked call runs once its handlers have been read.
///
/// Delegate proxies and hook points run it.
///
/// Handlers come from up to two dispatches of one element type:
///
/// - `shared`: a hook point's type-wide hooks, of which only those for which
///   `applies` holds count for this call;
/// - `own`: a proxy's closures for the selector, or an instance's hooks.
///
/// Order:
///
/// 1. `before`: the shared handlers, then the own ones, each in registration
///    order;
/// 2. `instead`: one ``InsteadChain`` whose links are, outermost first, the
///    own handlers newest to oldest, then the shared ones newest to oldest,
///    ending in `end` (the real delegate or the protocol's default, or the
///    hooked method's original). With `combine`, `end` answers first (the
///    real delegate is asked before the closures) and, if a link ran, its
///    answer and the chain's are combined;
/// 3. `after`: the shared handlers, then the own ones, seeing the result.
///    A handler that replaces the result (`observe` returns a value) changes
///    what the later ones see and what the call returns; the last
///    replacement wins.
///
/// Each handler is re-checked just before it runs (``HandlerDispatch``), so a
/// handler removed meanwhile is skipped and a one-shot one runs once. A
/// handler that cannot run on this thread now (`ready` is false: a closure
/// that must answer, registered from an actor this call is not on, see
/// ``Answering``) is passed over before that check, so a one-shot one stays
/// registered. No lock is held while any of them runs, nor while `applies`
/// and `ready` are asked (`ready` may ask a custom executor's
/// `isIsolatingCurrentContext()`, which is user code): the check under the
/// lock takes no predicate (``HandlerCore/claim(_:)``).
@usableFromInline
enum Stages {
    /// Runs the stages of one call.
    ///
    /// - Parameters:
    ///   - selector: The method being called, for the invocations.
    ///   - arguments: The call's arguments.
    ///   - shared: The type-wide handlers, or nil.
    ///   - applies: Which shared handlers count for this call; asked with no
    ///     lock held.
    ///   - own: The handlers of the proxy or the instance, or nil.
    ///   - ready: Whether a handler can run on this thread now; asked with no
    ///     lock held, once per handler and stage.
    ///   - observe: Calls a `before` or `after` handler, with the result for
    ///     `after`; returns the replaced result, or nil to keep it.
    ///   - link: Runs an `instead` handler as a link of the chain, with the
    ///     arguments it receives and what it proceeds to; nil for an element
    ///     that is not an `instead` handler.
    ///   - combine: How `end`'s answer and the chain's combine, when both
    ///     are asked; nil when the chain replaces `end`.
    ///   - end: What the innermost link replaced.
    /// - Returns: The call's result.
    ///
    /// Always inlined, so that it is specialised for its caller's types: left
    /// to itself the optimiser may call it unspecialised, and every call then
    /// goes through generic code.
    @inlinable @inline(__always)
    static func run<Element, Arguments, Result>(
        _ selector: MethodSelector<Arguments, Result>,
        _ arguments: Arguments,
        shared: HandlerDispatch<Element>?,
        where applies: (Element) -> Bool,
        own: HandlerDispatch<Element>?,
        ready: (Element) -> Bool,
        observe: (Element, HookPosition, Result?) -> Result?,
        link: (Element, Arguments, InsteadContinuation<Arguments, Result>) -> Result?,
        combine: ((Result, Result) -> Result)?,
        end: (Arguments) -> Result
    ) -> Result {
        func usable(_ element: Element) -> Bool { applies(element) && ready(element) }
        shared?.forEach(at: .before, where: usable) { _ = observe($0, .before, nil) }
        own?.forEach(at: .before, where: ready) { _ = observe($0, .before, nil) }

        let ownCount = own?.snapshot.chain.count ?? 0
        let sharedCount = shared?.snapshot.chain.count ?? 0
        var result: Result
        if ownCount + sharedCount == 0 {
            result = end(arguments)
        } else {
            // Claims link `index` and runs it: nil when it was removed since
            // the snapshot.
            func claim(_ index: Int, _ arguments: Arguments, _ next: InsteadContinuation<Arguments, Result>) -> Result?
            {
                if index < ownCount, let own {
                    let item = own.snapshot.items[own.snapshot.chain[index]]
                    guard ready(item.element), own.isCurrent(item) else { return nil }
                    return link(item.element, arguments, next)
                }
                guard let shared else { return nil }
                let item = shared.snapshot.items[shared.snapshot.chain[index - ownCount]]
                guard usable(item.element), shared.isCurrent(item) else { return nil }
                return link(item.element, arguments, next)
            }
            if let combine {
                let first = end(arguments)
                var ran = false
                let chained = InsteadChain.run(
                    count: ownCount + sharedCount, arguments: arguments,
                    link: { index, arguments, next in
                        let answer = claim(index, arguments, next)
                        if answer != nil { ran = true }
                        return answer
                    },
                    end: { _ in first })
                result = ran ? combine(first, chained) : first
            } else {
                result = InsteadChain.run(count: ownCount + sharedCount, arguments: arguments, link: claim, end: end)
            }
        }

        shared?.forEach(at: .after, where: usable) { result = observe($0, .after, result) ?? result }
        own?.forEach(at: .after, where: ready) { result = observe($0, .after, result) ?? result }
        return result
    }
}
