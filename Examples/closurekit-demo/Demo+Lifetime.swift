import ClosureKit

private final class Session: Lifetime {
    let lifetimeStorage = LifetimeStorage()
    let user: String
    init(user: String) { self.user = user }
}

func demoLifetime() {
    var tokens = Set<CancellationToken>()
    var session: Session? = Session(user: "grace")
    let user = session!.user
    session!.onEnd { print("   end-of-life callback 1: session of \(user) ended") }
        .store(in: &tokens)
    session!.onEnd { print("   end-of-life callback 2: runs second, in registration order") }
        .store(in: &tokens)
    let cancelled = session!.onEnd { print("   this never prints: its token was cancelled") }
    print("   cancel() prevented a callback: \(cancelled.cancel())")
    print("   releasing the session…")
    session = nil
    print("   cancel() after the callbacks ran prevents nothing: \(tokens.first!.cancel())")
}
