/// The actor a library send is statically isolated to, for the duration of
/// the send, on the sending thread: how ``ActorDelivery`` knows that a send is
/// on a closure's actor without asking the runtime (whose check traps on a
/// thread that is not the actor's).
///
/// The send entry points that take `isolation: isolated (any Actor)? =
/// #isolation` (``EventControl/sendEvents(_:isolation:)``,
/// ``HookPoint/call(_:_:isolation:original:)``, ``ManualClock/advance(by:isolation:)``,
/// ``ManualClock/advance(to:isolation:)``, ``Throttler/send(_:isolation:)``)
/// wrap their work in ``during(_:_:)``: the compiler guarantees that the
/// caller runs on that actor, so a closure of the same actor may run at once.
///
/// The slot holds the actor's identity as a bit pattern, never dereferenced;
/// a C thread-local slot holds a raw pointer, hence the conversion. Nested
/// sends restore the outer value. Benchmark row: "isolation · main-actor
/// handler, sent on the main actor" (one thread-local load per delivery).
enum SenderIsolation {
    private static let slot = Platform.ThreadLocalSlot()

    /// Runs `body` with `isolation` recorded as the sending actor of this
    /// thread (nil: nothing is recorded, and `body` runs as it is).
    @inline(__always)
    static func during<Result>(_ isolation: (any Actor)?, _ body: () throws -> Result) rethrows -> Result {
        guard let isolation else { return try body() }
        let previous = slot.value
        slot.value = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(isolation)))
        defer { slot.value = previous }
        return try body()
    }

    /// Whether the send in progress on this thread is isolated to the actor
    /// whose identity is `actor`.
    @inline(__always)
    static func isSending(on actor: ObjectIdentifier) -> Bool {
        slot.value == UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: actor))
    }
}
