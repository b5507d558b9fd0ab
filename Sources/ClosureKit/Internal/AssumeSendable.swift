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
