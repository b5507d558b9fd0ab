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
/// object or returns `Void`, cast through `Isolated<Input, Output>`, would
/// come out wrapped in a thunk each way (two more calls at every event, two
/// allocations at every registration). Hence one struct per shape the
/// library registers, whose field matches the caller's closure: `() -> Void`,
/// `(Input) -> Void`, `(Object) -> Void`, `(Object, Value) -> Void`, the
/// `instead` forms and the parameter packs; the `Plain` structs are the
/// targets of every cast, here and in `IsolatedCall+Region.swift`.
package enum IsolatedCall {
    struct Isolated<Input, Output> { let body: @isolated(any) @Sendable (Input) -> Output }
    struct Plain<Input, Output> { let body: @Sendable (Input) -> Output }
    struct IsolatedPair<First, Second, Output> {
        let body: @isolated(any) @Sendable (First, Second) -> Output
    }
    struct PlainPair<First, Second, Output> { let body: @Sendable (First, Second) -> Output }
    struct IsolatedPack<each Input, Output> {
        let body: @isolated(any) @Sendable (repeat each Input) -> Output
    }
    struct PlainPack<each Input, Output> { let body: @Sendable (repeat each Input) -> Output }
    struct IsolatedObjectAction<Input: AnyObject> { let body: @isolated(any) @Sendable (Input) -> Void }
    struct PlainObjectAction<Input: AnyObject> { let body: @Sendable (Input) -> Void }
    struct IsolatedObjectPair<First: AnyObject, Second> {
        let body: @isolated(any) @Sendable (First, Second) -> Void
    }
    struct PlainObjectPair<First: AnyObject, Second> { let body: @Sendable (First, Second) -> Void }
    struct IsolatedValueAction<Input> { let body: @isolated(any) @Sendable (Input) -> Void }
    struct PlainValueAction<Input> { let body: @Sendable (Input) -> Void }
    struct IsolatedVoid { let body: @isolated(any) @Sendable () -> Void }
    struct PlainVoid { let body: @Sendable () -> Void }
    struct IsolatedInstead<Arguments, Result> {
        let body: @isolated(any) @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    }
    struct PlainInstead<Arguments, Result> {
        let body: @Sendable (inout InsteadInvocation<Arguments, Result>) -> Result
    }
    struct IsolatedOwnedInstead<Owner, Arguments, Result> {
        let body: @isolated(any) @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }
    struct PlainOwnedInstead<Owner, Arguments, Result> {
        let body: @Sendable (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }

    struct BoundValueAction<Input> { let body: @isolated(any) (Input) -> Void }
    struct BoundObjectAction<Input: AnyObject> { let body: @isolated(any) (Input) -> Void }
    struct BoundObjectPair<First: AnyObject, Second> { let body: @isolated(any) (First, Second) -> Void }
    struct BoundPair<First, Second, Output> { let body: @isolated(any) (First, Second) -> Output }
    struct BoundOwnedInstead<Owner, Arguments, Result> {
        let body: @isolated(any) (Owner, inout InsteadInvocation<Arguments, Result>) -> Result
    }
    struct BoundPack<each Input, Output> { let body: @isolated(any) (repeat each Input) -> Output }

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

    /// ``synchronous(_:)`` for a closure of no parameters and no result.
    @inline(__always)
    static func synchronous(
        _ body: @escaping @isolated(any) @Sendable () -> Void
    ) -> @Sendable () -> Void {
        return sameLayoutCast(IsolatedVoid(body: body), to: PlainVoid.self).body
    }

    /// ``synchronous(_:)`` for a closure that returns nothing (a proxy's
    /// `before`, `after` or `implement` of a method with no result).
    @inline(__always)
    static func synchronous<Input>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(IsolatedValueAction(body: body), to: PlainValueAction<Input>.self).body
    }

    /// ``synchronous(_:)`` for a closure that takes an object and returns
    /// nothing (a control's handler, an end-of-life callback).
    @inline(__always)
    static func synchronous<Input: AnyObject>(
        _ body: @escaping @isolated(any) @Sendable (Input) -> Void
    ) -> @Sendable (Input) -> Void {
        return sameLayoutCast(IsolatedObjectAction(body: body), to: PlainObjectAction<Input>.self).body
    }

    /// ``synchronous(_:)`` for a closure that takes an object and a value
    /// and returns nothing (an observer, a hook point's `before` or `after`).
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
}
