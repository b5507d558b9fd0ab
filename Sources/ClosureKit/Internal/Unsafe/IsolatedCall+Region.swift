// A region-bound closure (not `@Sendable`: it joined its owner's region, a hook point's or a delegate proxy's),
// typed `@Sendable` for the engine's storage beside the owner's other closures, through the same struct casts as
// `IsolatedCall.swift`. Sound by `RegionBound`'s proof: the closure is called only from sends in that region,
// synchronously, and an actor's closure only after `RegionBound.enter(_:)`. Self-test: `IsolatedCallTests`.
// Figure: 44% on `main-actor.hooks.instance-after` (745 against 1,321 with a generic `@unchecked Sendable` box).
extension IsolatedCall {
    /// ``synchronous(_:)`` for a region-bound closure of one value.
    @inline(__always)
    static func bound<Input>(_ body: @escaping @isolated(any) (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(BoundValueAction(body: body), to: PlainValueAction<Input>.self).body
    }

    @inline(__always)
    static func bound<Input: AnyObject>(_ body: @escaping @isolated(any) (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(BoundObjectAction(body: body), to: PlainObjectAction<Input>.self).body
    }

    @inline(__always)
    static func bound<First: AnyObject, Second>(
        _ body: @escaping @isolated(any) (First, Second) -> Void
    ) -> @Sendable (First, Second) -> Void {
        return sameLayoutCast(BoundObjectPair(body: body), to: PlainObjectPair<First, Second>.self).body
    }

    @inline(__always)
    static func bound<First, Second, Output>(
        _ body: @escaping @isolated(any) (First, Second) -> Output
    ) -> @Sendable (First, Second) -> Output {
        return sameLayoutCast(BoundPair(body: body), to: PlainPair<First, Second, Output>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a hook point's `instead` closure.
    @inline(__always)
    static func bound<Owner, Arguments, Result>(
        _ body: @escaping @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
        return sameLayoutCast(
            BoundOwnedInstead(body: body), to: PlainOwnedInstead<Owner, Arguments, Result>.self
        ).body
    }

    /// ``callable(_:)`` for a region-bound closure of any number of values.
    @inline(__always)
    static func bound<each Input, Output>(
        _ body: @escaping @isolated(any) (repeat each Input) -> Output
    ) -> @Sendable (repeat each Input) -> Output {
        return sameLayoutCast(BoundPack(body: body), to: PlainPack<repeat each Input, Output>.self).body
    }

    /// A delegate proxy's region-bound closure that answers; one that returns nothing takes `bound(_:)`.
    @inline(__always)
    static func regionBound<Input, Output>(
        _ body: @escaping @isolated(any) (Input) -> Output
    ) -> @Sendable (Input) -> Output {
        return sameLayoutCast(RegionFunction(body: body), to: Plain<Input, Output>.self).body
    }

    /// ``regionBound(_:)-((Input)->Output)`` for a delegate proxy's `instead` closure.
    @inline(__always)
    static func regionBound<Arguments, Result>(
        _ body: @escaping @isolated(any) (inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result {
        return sameLayoutCast(RegionInstead(body: body), to: PlainInstead<Arguments, Result>.self).body
    }

    /// A nonisolated region-bound closure already made callable, which needs no `RegionBound.enter(_:)`.
    @inline(__always)
    static func regionBound<Input>(callable body: @escaping (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(RegionPlainAction(body: body), to: PlainValueAction<Input>.self).body
    }

    @inline(__always)
    static func regionBound<Input, Output>(callable body: @escaping (Input) -> Output) -> @Sendable (Input) -> Output {
        return sameLayoutCast(RegionPlainFunction(body: body), to: Plain<Input, Output>.self).body
    }
}
