/// Calls an `@isolated(any)` closure synchronously on its actor, which Swift spells only with `await`.
///
/// Sound because an `@isolated(any)` function value has a plain one's representation (a function pointer and a
/// context, which holds the isolation), so it is read through the plain type (``sameLayoutCast(_:to:)`` traps if
/// the sizes differ), and ``ActorDelivery`` calls the result only on `body.isolation` (or where that is nil). The
/// cast reads one of the structs of `IsolatedCall+Shapes.swift` through another. Self-test: `IsolatedCallTests`
/// (with and without captures, generic arguments and results). Figure: no safe spelling.
package enum IsolatedCall {
    /// The closure, callable synchronously. Call it only on `body.isolation`.
    @inline(__always)
    static func synchronous<Input, Output>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Output
    ) -> @Sendable (Input) -> Output {
        return sameLayoutCast(Isolated(body: body), to: Plain<Input, Output>.self).body
    }

    @inline(__always)
    static func synchronous<First, Second, Output>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Output
    ) -> @Sendable (First, Second) -> Output {
        return sameLayoutCast(IsolatedPair(body: body), to: PlainPair<First, Second, Output>.self).body
    }

    @inline(__always)
    static func synchronous(_ body: @escaping @isolated(any) @Sendable () -> Void) -> @Sendable () -> Void {
        return sameLayoutCast(IsolatedVoid(body: body), to: PlainVoid.self).body
    }

    @inline(__always)
    static func synchronous<Input>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(IsolatedValueAction(body: body), to: PlainValueAction<Input>.self).body
    }

    @inline(__always)
    static func synchronous<Input: AnyObject>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(IsolatedObjectAction(body: body), to: PlainObjectAction<Input>.self).body
    }

    @inline(__always)
    static func synchronous<First: AnyObject, Second>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Void
    ) -> @Sendable (First, Second) -> Void {
        return sameLayoutCast(IsolatedObjectPair(body: body), to: PlainObjectPair<First, Second>.self).body
    }

    /// ``synchronous(_:)`` for a delegate proxy's `instead` closure.
    @inline(__always)
    static func synchronous<Arguments, Result>(
        _ body: @escaping @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result {
        return sameLayoutCast(IsolatedInstead(body: body), to: PlainInstead<Arguments, Result>.self).body
    }

    /// ``synchronous(_:)`` for a hook point's `instead` closure.
    @inline(__always)
    static func synchronous<Owner, Arguments, Result>(
        _ body: @escaping @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
        return sameLayoutCast(
            IsolatedOwnedInstead(body: body), to: PlainOwnedInstead<Owner, Arguments, Result>.self
        ).body
    }

    /// ``synchronous(_:)`` for a closure of any number of parameters (ClosureKitFoundation's conveniences).
    @inline(__always)
    package static func callable<each Input, Output>(
        _ body: @escaping @isolated(any) @Sendable (repeat each Input) -> Output
    ) -> @Sendable (repeat each Input) -> Output {
        return sameLayoutCast(IsolatedPack(body: body), to: PlainPack<repeat each Input, Output>.self).body
    }
}
