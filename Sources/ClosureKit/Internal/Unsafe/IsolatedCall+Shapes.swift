// The structs ``IsolatedCall``'s casts read through one another: one per closure shape the library registers,
// whose field has the caller's closure type. A field keeps the representation of its declaration, so a closure
// cast through a struct of another shape (an unconstrained parameter is passed indirectly, a generic result
// returned indirectly), or cast bare, gains a reabstraction thunk each way: two more calls at every event and two
// allocations at every registration. `Isolated*` hold a registration's `@Sendable` closure, `Bound*` and
// `Region*` a region-bound one; `Plain*` are the targets.
extension IsolatedCall {
    struct Isolated<Input, Output> { let body: @isolated(any) @Sendable (Input) -> Output }
    struct Plain<Input, Output> { let body: @Sendable (Input) -> Output }
    struct IsolatedPair<First, Second, Output> { let body: @isolated(any) @Sendable (First, Second) -> Output }
    struct PlainPair<First, Second, Output> { let body: @Sendable (First, Second) -> Output }
    struct IsolatedPack<each Input, Output> { let body: @isolated(any) @Sendable (repeat each Input) -> Output }
    struct PlainPack<each Input, Output> { let body: @Sendable (repeat each Input) -> Output }
    struct IsolatedObjectAction<Input: AnyObject> { let body: @isolated(any) @Sendable (Input) -> Void }
    struct PlainObjectAction<Input: AnyObject> { let body: @Sendable (Input) -> Void }
    struct IsolatedObjectPair<First: AnyObject, Second> { let body: @isolated(any) @Sendable (First, Second) -> Void }
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
    struct RegionFunction<Input, Output> { let body: @isolated(any) (Input) -> Output }
    struct RegionInstead<Arguments, Result> {
        let body: @isolated(any) (inout InsteadInvocation<Arguments, Result>) -> Result
    }
    struct RegionPlainFunction<Input, Output> { let body: (Input) -> Output }
    struct RegionPlainAction<Input> { let body: (Input) -> Void }
}
