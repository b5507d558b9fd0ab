extension IsolatedCall {
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
