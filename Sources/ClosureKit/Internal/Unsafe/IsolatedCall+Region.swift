// The same casts for a registration's region form, whose closure is not
// `@Sendable`: it joined its owner's region, and the engine stores it beside
// the owner's other closures, as `@Sendable`. `RegionBound` has the proof that
// this is sound (the closure is called only from sends in that region); these
// casts are the only place that relies on it. They keep the closure as it is:
// a generic `@unchecked Sendable` box instead costs
// `main-actor.hooks.instance-after` 1,321 instructions against 745 (the cast
// buys 44%), a reabstraction thunk each way at every call.
extension IsolatedCall {

    /// ``synchronous(_:)`` for a region-bound closure of one value.
    @inline(__always)
    static func bound<Input>(_ body: @escaping @isolated(any) (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(BoundValueAction(body: body), to: PlainValueAction<Input>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a closure that takes an object.
    @inline(__always)
    static func bound<Input: AnyObject>(_ body: @escaping @isolated(any) (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(BoundObjectAction(body: body), to: PlainObjectAction<Input>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a closure that takes an object and a value.
    @inline(__always)
    static func bound<First: AnyObject, Second>(
        _ body: @escaping @isolated(any) (First, Second) -> Void
    ) -> @Sendable (First, Second) -> Void {
        return sameLayoutCast(BoundObjectPair(body: body), to: PlainObjectPair<First, Second>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a closure of two values that answers.
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
}

// MARK: - Region-bound closures stored by a delegate proxy

// A `DelegateProxy` (never `Sendable`) stores the closures of its region
// form in its handler cores, whose elements are `@Sendable`. These casts
// give such a closure that type without a box and without a reabstraction
// thunk (the same struct casts as above). What makes it sound is
// `RegionBound`'s proof: the closure joined the proxy's region, so the
// compiler keeps every message to the proxy in the closure's isolation; the
// proxy calls it only from a message, synchronously, and for an actor's
// closure only after `RegionBound.enter(_:)`.
extension IsolatedCall {
    struct RegionFunction<Input, Output> { let body: @isolated(any) (Input) -> Output }
    struct RegionInstead<Arguments, Result> {
        let body: @isolated(any) (inout InsteadInvocation<Arguments, Result>) -> Result
    }

    /// A delegate proxy's region-bound closure that answers (`implement`,
    /// `replaceResult`), typed `@Sendable` for the proxy's storage; one that
    /// returns nothing (`before`, `after`) takes ``bound(_:)-((Input)->Void)``.
    /// Call it only in its region (see above).
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

    /// ``bound(_:)-((repeat each Input)->Output)`` for ClosureKitFoundation's
    /// conveniences on objects that are not `Sendable` (`XMLParser`,
    /// `Stream`, `NSCache`): the caller's region-bound closure, made callable
    /// synchronously, to adapt and hand to the region form of the object's
    /// proxy (`DelegateProxy.observeAfter(_:options:on:bound:)`), with
    /// `body.isolation`. Call it only in the closure's region.
    /// The closure's actor, checked against its registrant's
    /// (``RegionBound/actor(of:registeredFrom:_:)``), is returned with it.
    @inline(__always)
    package static func callableInRegion<each Input, Output>(
        _ body: @escaping @isolated(any) (repeat each Input) -> Output,
        registeredFrom registrant: (any Actor)?,
        _ what: @autoclosure () -> String
    ) -> (actor: (any Actor)?, body: (repeat each Input) -> Output) {
        (RegionBound.actor(of: body.isolation, registeredFrom: registrant, what()), bound(body))
    }
}

extension IsolatedCall {
    /// A region-bound closure already made callable (``bound(_:)-((Input)->Void)``),
    /// typed `@Sendable` for a delegate proxy's storage with no box and no
    /// thunk: for a nonisolated closure of the region form, which needs no
    /// ``RegionBound/enter(_:)``. Sound for the reason given above: the
    /// closure joined the proxy's region.
    @inline(__always)
    static func regionBound<Input>(callable body: @escaping (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(RegionPlainAction(body: body), to: PlainValueAction<Input>.self).body
    }

    /// ``regionBound(callable:)-((Input)->Void)`` for a closure that answers.
    @inline(__always)
    static func regionBound<Input, Output>(callable body: @escaping (Input) -> Output) -> @Sendable (Input) -> Output {
        return sameLayoutCast(RegionPlainFunction(body: body), to: Plain<Input, Output>.self).body
    }

    struct RegionPlainFunction<Input, Output> { let body: (Input) -> Output }
    struct RegionPlainAction<Input> { let body: (Input) -> Void }
}
