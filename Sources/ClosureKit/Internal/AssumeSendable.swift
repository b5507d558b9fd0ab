/// The same closure, typed `@Sendable`: for a handler registered from
/// nonisolated code, which the library calls on the threads that send, as it
/// calls a `@Sendable` handler.
///
/// A registration takes the caller's isolation and a plain closure (see
/// ``ActorDelivery``); from nonisolated code it stores the closure as it
/// stored a `@Sendable` one before, without a wrapper closure around it, so
/// that such a registration keeps its cost (benchmark rows: "control events ·
/// per extra handler", "observation · per extra observer"). Sendable and
/// plain function values have one representation.
@inline(__always)
func assumeSendable<Input, Output>(
    _ body: @escaping (Input) -> Output
) -> @Sendable (Input) -> Output {
    unsafeBitCast(body, to: (@Sendable (Input) -> Output).self)
}

/// ``assumeSendable(_:)`` for a closure of two parameters.
@inline(__always)
func assumeSendable<First, Second, Output>(
    _ body: @escaping (First, Second) -> Output
) -> @Sendable (First, Second) -> Output {
    unsafeBitCast(body, to: (@Sendable (First, Second) -> Output).self)
}

/// ``assumeSendable(_:)`` for a closure of no parameters.
@inline(__always)
func assumeSendable<Output>(_ body: @escaping () -> Output) -> @Sendable () -> Output {
    unsafeBitCast(body, to: (@Sendable () -> Output).self)
}

// `assumeSendableHandler`: the same cast for closures that return nothing,
// which is what a nonisolated registration stores (benchmark rows, callgrind:
// "control-events.send-1", "observation.write-1", "proxy.instead",
// "hooks.instance-before", "delays.schedule-cancel"). `unsafeBitCast` of a
// function value passes it through the fully generic representation
// (arguments and result indirect), so the closure it returns is the user's
// closure wrapped in two reabstraction thunks: two more calls at every event
// and two heap allocations at every registration. These cast a struct that
// holds the closure instead, and the closure inside keeps the representation
// its declared type gives it: an object passed directly, `Void` returned
// directly, as the storage that receives it expects.

/// The structs that `assumeSendableHandler` casts between: one closure, typed
/// plain or `@Sendable` (one representation).
private enum HandlerCast<Input> {
    struct Plain { let body: (Input) -> Void }
    struct Marked { let body: @Sendable (Input) -> Void }
}

private enum ObjectHandlerCast<Input: AnyObject> {
    struct Plain { let body: (Input) -> Void }
    struct Marked { let body: @Sendable (Input) -> Void }
}

private enum PairHandlerCast<First, Second> {
    struct Plain { let body: (First, Second) -> Void }
    struct Marked { let body: @Sendable (First, Second) -> Void }
}

private enum ObjectPairHandlerCast<First: AnyObject, Second> {
    struct Plain { let body: (First, Second) -> Void }
    struct Marked { let body: @Sendable (First, Second) -> Void }
}

private enum ActionCast {
    struct Plain { let body: () -> Void }
    struct Marked { let body: @Sendable () -> Void }
}

/// ``assumeSendable(_:)`` for a closure that returns nothing.
@inline(__always)
func assumeSendableHandler<Input>(_ body: @escaping (Input) -> Void) -> @Sendable (Input) -> Void {
    unsafeBitCast(HandlerCast.Plain(body: body), to: HandlerCast<Input>.Marked.self).body
}

/// ``assumeSendable(_:)`` for a closure of an object that returns nothing.
@inline(__always)
func assumeSendableHandler<Input: AnyObject>(_ body: @escaping (Input) -> Void) -> @Sendable (Input) -> Void {
    unsafeBitCast(ObjectHandlerCast.Plain(body: body), to: ObjectHandlerCast<Input>.Marked.self).body
}

/// ``assumeSendable(_:)`` for a closure of two parameters that returns nothing.
@inline(__always)
func assumeSendableHandler<First, Second>(
    _ body: @escaping (First, Second) -> Void
) -> @Sendable (First, Second) -> Void {
    unsafeBitCast(PairHandlerCast.Plain(body: body), to: PairHandlerCast<First, Second>.Marked.self).body
}

/// ``assumeSendable(_:)`` for a closure of an object and a value that returns
/// nothing.
@inline(__always)
func assumeSendableHandler<First: AnyObject, Second>(
    _ body: @escaping (First, Second) -> Void
) -> @Sendable (First, Second) -> Void {
    unsafeBitCast(ObjectPairHandlerCast.Plain(body: body), to: ObjectPairHandlerCast<First, Second>.Marked.self).body
}

/// ``assumeSendable(_:)`` for a closure of no parameters that returns nothing.
@inline(__always)
func assumeSendableHandler(_ body: @escaping () -> Void) -> @Sendable () -> Void {
    unsafeBitCast(ActionCast.Plain(body: body), to: ActionCast.Marked.self).body
}
