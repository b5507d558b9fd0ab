/// What the calling thread is known to run on: the actor of a library send in
/// progress on this thread, or the main actor on the process's main thread.
/// How ``ActorMailbox`` knows that a closure's actor is running the code that
/// sends, before anything costlier is asked (see ``ActorMailbox/isRunning(on:)``).
///
/// - The send entry points that take `isolation: isolated (any Actor)? =
///   #isolation` (``EventControl/sendEvents(_:isolation:)``,
///   ``HookPoint/call(_:_:isolation:function:original:)``,
///   ``ManualClock/advance(by:isolation:)``,
///   ``ManualClock/advance(to:isolation:)``, ``Throttler/send(_:isolation:)``)
///   wrap their work in ``during(_:_:)``: the compiler guarantees that the
///   caller runs on that actor, so a closure of the same actor may run at once.
/// - The process's main thread runs only main-actor code where it lives
///   (``Platform/isProcessMainThread()``). The first question on a thread
///   asks once and leaves the answer in the slot: the main actor's identity
///   on the main thread, `notMainThread` elsewhere. Sends save and restore
///   the slot around them, so the answer survives them.
///
/// The slot holds an actor's identity as a number, never dereferenced
/// (``Platform/senderIsolationSlot``): reading it is one inline thread-local
/// load per delivery.
enum SenderIsolation {
    /// The slot's value on a thread known not to be the main thread, with no
    /// send in progress: no object lives at address 1.
    private static var notMainThread: UInt { 1 }

    /// Runs `body` with `isolation` recorded as the sending actor of this
    /// thread (nil: nothing is recorded, and `body` runs as it is).
    @inline(__always)
    static func during<Result>(_ isolation: (any Actor)?, _ body: () throws -> Result) rethrows -> Result {
        guard let isolation else { return try body() }
        let previous = Platform.senderIsolationSlot
        Platform.senderIsolationSlot = pointer(ObjectIdentifier(isolation))
        defer { Platform.senderIsolationSlot = previous }
        return try body()
    }

    /// Whether code running now, on this thread, is known to run on the
    /// actor whose identity is `actor`: a send isolated to it is in
    /// progress here, or it is the main actor (`isMain`) and this is the
    /// process's main thread. False proves nothing about the main actor: see
    /// ``ActorMailbox/isRunning(on:)``.
    @inline(__always)
    static func isKnown(on actor: ObjectIdentifier, isMain: Bool) -> Bool {
        let current = Platform.senderIsolationSlot
        if current == pointer(actor) { return true }
        guard isMain, current == 0 else { return false }
        return askMainThread(mainActor: actor)
    }

    /// The first question of a thread with nothing in its slot: asks the
    /// platform and keeps the answer.
    @inline(never)
    private static func askMainThread(mainActor: ObjectIdentifier) -> Bool {
        let isMain = Platform.isProcessMainThread()
        Platform.senderIsolationSlot = isMain ? pointer(mainActor) : notMainThread
        return isMain
    }

    @inline(__always)
    private static func pointer(_ actor: ObjectIdentifier) -> UInt {
        UInt(bitPattern: actor)
    }
}
