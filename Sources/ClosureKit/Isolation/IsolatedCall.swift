/// Calls an `@isolated(any)` closure synchronously, on the actor it is
/// isolated to: the one place where the library relies on how the toolchain
/// represents such a closure.
///
/// Every registration takes its closure as `@_inheritActorContext @escaping
/// @isolated(any) @Sendable`: the compiler checks the closure as code of the
/// registering actor (or as `@Sendable` code from nonisolated callers), and
/// the closure carries that actor (`body.isolation`). Swift lets such a value
/// be called only with `await`; there is no public spelling for the
/// synchronous call that a send on the closure's actor needs. An
/// `@isolated(any)` function value has the representation of a plain one (a
/// function pointer and a context; the isolation lives in the context), so
/// the closure is read through the plain function type and called directly.
/// ``ActorDelivery`` calls the result only where the caller is known to run
/// on `body.isolation` (or where that is nil).
///
/// The assumption is checked twice: each cast (``sameLayoutCast(_:to:)``,
/// in Internal/Unsafe) traps if the two types differ in size (a constant
/// the optimiser folds away while they agree), and `IsolatedCallTests`
/// calls closures through it with and without captures, with generic
/// arguments and results, on every toolchain CI runs.
///
/// The casts go through a struct that holds the closure, so that the closure
/// keeps the representation its declared type gives it instead of being
/// wrapped in reabstraction thunks, as a bit-cast of a bare generic
/// function value would. A generic struct's field has the representation of
/// its declaration, though: an unconstrained parameter is passed indirectly
/// and a generic result returned indirectly, so a closure that takes an
/// object or returns `Void` came out of `Isolated<Input, Output>` wrapped in
/// a thunk each way (two more calls at every event, two allocations at every
/// registration). The shapes the library registers most have their own
/// structs, whose fields match the caller's closure: `() -> Void`,
/// `(Input) -> Void`, `(Object) -> Void` and `(Object, Value) -> Void`
/// (Benchmarks/HISTORY.md has what the thunks cost).
package enum IsolatedCall {
    private struct Isolated<Input, Output> { let body: @isolated(any) @Sendable (Input) -> Output }
    private struct Plain<Input, Output> { let body: @Sendable (Input) -> Output }
    private struct IsolatedPair<First, Second, Output> {
        let body: @isolated(any) @Sendable (First, Second) -> Output
    }
    private struct PlainPair<First, Second, Output> { let body: @Sendable (First, Second) -> Output }
    private struct IsolatedPack<each Input, Output> {
        let body: @isolated(any) @Sendable (repeat each Input) -> Output
    }
    private struct PlainPack<each Input, Output> { let body: @Sendable (repeat each Input) -> Output }
    private struct IsolatedObjectAction<Input: AnyObject> { let body: @isolated(any) @Sendable (Input) -> Void }
    private struct PlainObjectAction<Input: AnyObject> { let body: @Sendable (Input) -> Void }
    private struct IsolatedObjectPair<First: AnyObject, Second> {
        let body: @isolated(any) @Sendable (First, Second) -> Void
    }
    private struct PlainObjectPair<First: AnyObject, Second> { let body: @Sendable (First, Second) -> Void }
    private struct IsolatedValueAction<Input> { let body: @isolated(any) @Sendable (Input) -> Void }
    private struct PlainValueAction<Input> { let body: @Sendable (Input) -> Void }
    private struct IsolatedVoid { let body: @isolated(any) @Sendable () -> Void }
    private struct PlainVoid { let body: @Sendable () -> Void }
    private struct IsolatedInstead<Arguments, Result> {
        let body: @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    }
    private struct PlainInstead<Arguments, Result> {
        let body: @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    }
    private struct IsolatedOwnedInstead<Owner, Arguments, Result> {
        let body: @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }
    private struct PlainOwnedInstead<Owner, Arguments, Result> {
        let body: @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }

    private struct BoundValueAction<Input> { let body: @isolated(any) (Input) -> Void }
    private struct BoundPlainValueAction<Input> { let body: @Sendable (Input) -> Void }
    private struct BoundObjectAction<Input: AnyObject> { let body: @isolated(any) (Input) -> Void }
    private struct BoundPlainObjectAction<Input: AnyObject> { let body: @Sendable (Input) -> Void }
    private struct BoundObjectPair<First: AnyObject, Second> { let body: @isolated(any) (First, Second) -> Void }
    private struct BoundPlainObjectPair<First: AnyObject, Second> { let body: @Sendable (First, Second) -> Void }
    private struct BoundPair<First, Second, Output> { let body: @isolated(any) (First, Second) -> Output }
    private struct BoundPlainPair<First, Second, Output> { let body: @Sendable (First, Second) -> Output }
    private struct BoundOwnedInstead<Owner, Arguments, Result> {
        let body: @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }
    private struct BoundPlainOwnedInstead<Owner, Arguments, Result> {
        let body: @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }
    private struct BoundPack<each Input, Output> { let body: @isolated(any) (repeat each Input) -> Output }
    private struct BoundPlainPack<each Input, Output> { let body: @Sendable (repeat each Input) -> Output }

    /// The closure, callable synchronously. Call it only on `body.isolation`.
    @inline(__always)
    static func synchronous<Input, Output>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Output
    ) -> @Sendable (Input) -> Output {
        return sameLayoutCast(Isolated(body: body), to: Plain<Input, Output>.self).body
    }

    /// ``synchronous(_:)`` for a closure of two parameters.
    @inline(__always)
    static func synchronous<First, Second, Output>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Output
    ) -> @Sendable (First, Second) -> Output {
        return sameLayoutCast(IsolatedPair(body: body), to: PlainPair<First, Second, Output>.self).body
    }

    /// ``synchronous(_:)`` for a closure of no parameters and no result,
    /// through non-generic structs: a generic struct's field stores a
    /// closure in its most general form (the result returned indirectly), so
    /// a `() -> Void` cast through a struct generic in its result came out
    /// wrapped in two reabstraction thunks, two allocations at every
    /// registration and two more calls at every event.
    @inline(__always)
    static func synchronous(
        _ body: @escaping @isolated(any) @Sendable () -> Void
    ) -> @Sendable () -> Void {
        return sameLayoutCast(IsolatedVoid(body: body), to: PlainVoid.self).body
    }

    /// ``synchronous(_:)`` for a closure that returns nothing (a proxy's
    /// `before`, `after` or `implement` of a method with no result): with
    /// the result fixed to `Void`, the struct's field returns it directly, as
    /// the caller's closure does; a generic `Output` is returned indirectly,
    /// which cost a reabstraction thunk each way.
    @inline(__always)
    static func synchronous<Input>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(IsolatedValueAction(body: body), to: PlainValueAction<Input>.self).body
    }

    /// ``synchronous(_:)`` for a closure that takes an object and returns
    /// nothing (a control's handler, an end-of-life callback): `Input` is
    /// class-bound, so the struct's field passes it directly, as the
    /// caller's closure does, and the cast needs no reabstraction thunk
    /// (an unconstrained `Input` is passed indirectly: two thunks, two more
    /// calls at every event).
    @inline(__always)
    static func synchronous<Input: AnyObject>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(IsolatedObjectAction(body: body), to: PlainObjectAction<Input>.self).body
    }

    /// ``synchronous(_:)`` for a closure that takes an object and a value
    /// and returns nothing (an observer, a hook point's `before` or
    /// `after`), for the same reason as the object form.
    @inline(__always)
    static func synchronous<First: AnyObject, Second>(
        _ body: @escaping @isolated(any) @Sendable (First, Second) -> Void
    ) -> @Sendable (First, Second) -> Void {
        return sameLayoutCast(IsolatedObjectPair(body: body), to: PlainObjectPair<First, Second>.self).body
    }

    /// ``synchronous(_:)`` for a delegate proxy's `instead` closure, whose
    /// invocation is `inout` and not copyable.
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

    /// ``synchronous(_:)-((Input)->Output)`` for a closure of any number of
    /// parameters: for the closure conveniences of ClosureKitFoundation, which
    /// adapt a user's closure before registering it with its actor. Call it
    /// only on `body.isolation`.
    @inline(__always)
    package static func callable<each Input, Output>(
        _ body: @escaping @isolated(any) @Sendable (repeat each Input) -> Output
    ) -> @Sendable (repeat each Input) -> Output {
        return sameLayoutCast(IsolatedPack(body: body), to: PlainPack<repeat each Input, Output>.self).body
    }

    // MARK: Region-bound closures
    //
    // The same casts for a registration's region form, whose closure is not
    // `@Sendable`: it joined its owner's region, and the engine stores it
    // beside the owner's other closures, as `@Sendable`. `RegionBound` has
    // the proof that this is sound (the closure is called only from sends in
    // that region); these casts are the only place that relies on it, and
    // they keep the closure as it is, so that a nonisolated registrant's
    // closure is called with no wrapper (HISTORY: "Region-bound closures").

    /// ``synchronous(_:)`` for a region-bound closure of one value.
    @inline(__always)
    static func bound<Input>(_ body: @escaping @isolated(any) (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(BoundValueAction(body: body), to: BoundPlainValueAction<Input>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a closure that takes an object.
    @inline(__always)
    static func bound<Input: AnyObject>(_ body: @escaping @isolated(any) (Input) -> Void) -> @Sendable (Input) -> Void {
        return sameLayoutCast(BoundObjectAction(body: body), to: BoundPlainObjectAction<Input>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a closure that takes an object and a value.
    @inline(__always)
    static func bound<First: AnyObject, Second>(
        _ body: @escaping @isolated(any) (First, Second) -> Void
    ) -> @Sendable (First, Second) -> Void {
        return sameLayoutCast(BoundObjectPair(body: body), to: BoundPlainObjectPair<First, Second>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a closure of two values that answers.
    @inline(__always)
    static func bound<First, Second, Output>(
        _ body: @escaping @isolated(any) (First, Second) -> Output
    ) -> @Sendable (First, Second) -> Output {
        return sameLayoutCast(BoundPair(body: body), to: BoundPlainPair<First, Second, Output>.self).body
    }

    /// ``bound(_:)-((Input)->Void)`` for a hook point's `instead` closure.
    @inline(__always)
    static func bound<Owner, Arguments, Result>(
        _ body: @escaping @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    ) -> @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result {
        return sameLayoutCast(
            BoundOwnedInstead(body: body), to: BoundPlainOwnedInstead<Owner, Arguments, Result>.self
        ).body
    }

    /// ``callable(_:)`` for a region-bound closure of any number of values.
    @inline(__always)
    static func bound<each Input, Output>(
        _ body: @escaping @isolated(any) (repeat each Input) -> Output
    ) -> @Sendable (repeat each Input) -> Output {
        return sameLayoutCast(BoundPack(body: body), to: BoundPlainPack<repeat each Input, Output>.self).body
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
    private struct RegionAction<Input> { let body: @isolated(any) (Input) -> Void }
    private struct RegionFunction<Input, Output> { let body: @isolated(any) (Input) -> Output }
    private struct RegionInstead<Arguments, Result> {
        let body: @isolated(any) (inout InsteadInvocation<Arguments, Result>) -> Result
    }

    /// A delegate proxy's region-bound closure that returns nothing (`before`,
    /// `after`, `implement` of a method with no result), typed `@Sendable` for
    /// the proxy's storage. Call it only in its region (see above).
    @inline(__always)
    static func regionBound<Input>(
        _ body: @escaping @isolated(any) (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(RegionAction(body: body), to: PlainValueAction<Input>.self).body
    }

    /// ``regionBound(_:)-((Input)->Void)`` for a closure that answers.
    @inline(__always)
    static func regionBound<Input, Output>(
        _ body: @escaping @isolated(any) (Input) -> Output
    ) -> @Sendable (Input) -> Output {
        return sameLayoutCast(RegionFunction(body: body), to: Plain<Input, Output>.self).body
    }

    /// ``regionBound(_:)-((Input)->Void)`` for a delegate proxy's `instead` closure.
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

    private struct RegionPlainFunction<Input, Output> { let body: (Input) -> Output }
    private struct RegionPlainAction<Input> { let body: (Input) -> Void }
}
