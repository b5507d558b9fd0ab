import ClosureKit
import Foundation

// Hook points: a hookable method with no hooks, with one instance before
// hook, with one instance instead hook and with one type-wide instead hook,
// against the hand-written alternatives (a direct method call; a method that
// calls an optional stored closure first, with the closure set and, for the
// rows with no hooks, with none set: the hand-written hookable method when
// nothing is hooked). The stored closure read under a lock is the floor for
// what a hook point promises: hooks added and removed from any thread while
// calls run.

private final class Hooked: Hookable, @unchecked Sendable {
    struct Hooks {
        let step = HookPoint<Hooked, Int, Int>("step(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    var total = 0

    @inline(never)
    func step(_ amount: Int) -> Int {
        Self.hooks.step.call(self, amount) { object, amount in
            object.total &+= amount
            return object.total
        }
    }
}

/// The same method on a type whose hook point has no hook anywhere: the
/// case a hook point's one-load fast path serves.
private final class Unhooked: Hookable, @unchecked Sendable {
    struct Hooks {
        let step = HookPoint<Unhooked, Int, Int>("step(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    var total = 0

    @inline(never)
    func step(_ amount: Int) -> Int {
        Self.hooks.step.call(self, amount) { object, amount in
            object.total &+= amount
            return object.total
        }
    }
}

private final class HandWritten {
    var total = 0
    var beforeStep: ((Int) -> Void)?

    @inline(never)
    func step(_ amount: Int) -> Int {
        beforeStep?(amount)
        total &+= amount
        return total
    }
}

/// The hand-written hook as a hook point promises it: set and cleared from
/// any thread while calls run, so the stored closure is read under a lock.
private final class LockedHandWritten: @unchecked Sendable {
    private let lock = PeerLock()
    private var storedBeforeStep: (@Sendable (Int) -> Void)?
    var total = 0

    var beforeStep: (@Sendable (Int) -> Void)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedBeforeStep
        }
        set {
            lock.lock()
            let old = storedBeforeStep
            storedBeforeStep = newValue
            lock.unlock()
            _ = old // released after unlocking
        }
    }

    @inline(never)
    func step(_ amount: Int) -> Int {
        beforeStep?(amount)
        total &+= amount
        return total
    }
}

private final class Direct {
    var total = 0

    @inline(never)
    func step(_ amount: Int) -> Int {
        total &+= amount
        return total
    }
}

private final class Sink: @unchecked Sendable { var value = 0 }

/// The hook-point cases, shared with the callgrind driver: no hooks, one
/// instance before hook, one instance instead hook, one type-wide instead
/// hook (each on its own object, so that they can be measured in turns), the
/// hand-written method calling a stored closure, and a direct call.
func hookPointCases() -> [(name: String, body: (Int) -> Void)] {
    let sink = Sink()
    let direct = Direct()
    let handWritten = HandWritten()
    handWritten.beforeStep = { sink.value &+= $0 }
    let locked = LockedHandWritten()
    locked.beforeStep = { sink.value &+= $0 }
    let handWrittenUnset = HandWritten()
    let none = Hooked()
    let unhooked = Unhooked()
    let withBefore = Hooked()
    let withInstead = Hooked()
    let withChangedArguments = Hooked()
    let tokens = [
        Hooked.hooks.step.before(on: withBefore) { _, invocation in sink.value &+= invocation.arguments },
        Hooked.hooks.step.instead(on: withInstead) { _, invocation in invocation.proceed() },
        // The same hook calling through with arguments of its own: the cost
        // of `proceed(with:)` is that of `proceed()` plus building them.
        Hooked.hooks.step.instead(on: withChangedArguments) { _, invocation in
            invocation.proceed(with: invocation.arguments &+ 1)
        },
    ]
    func loop(_ object: Hooked) -> (Int) -> Void {
        { n in
            let object = opaque(object)
            for index in 0..<n { blackHole(object.step(index)) }
            blackHole(tokens)
        }
    }
    return [
        ("hooks.none", loop(none)),
        ("hooks.instance-before", loop(withBefore)),
        ("hooks.instance-instead", loop(withInstead)),
        (
            "hooks.peer.stored-closure",
            { n in
                let object = opaque(handWritten)
                for index in 0..<n { blackHole(object.step(index)) }
            }
        ),
        (
            "hooks.peer.locked-closure",
            { n in
                let object = opaque(locked)
                for index in 0..<n { blackHole(object.step(index)) }
            }
        ),
        (
            "hooks.peer.direct",
            { n in
                let object = opaque(direct)
                for index in 0..<n { blackHole(object.step(index)) }
            }
        ),
        (
            "hooks.none-anywhere",
            { n in
                let object = opaque(unhooked)
                for index in 0..<n { blackHole(object.step(index)) }
            }
        ),
        ("hooks.instance-instead-proceed-with", loop(withChangedArguments)),
        (
            "hooks.peer.unset-closure",
            { n in
                let object = opaque(handWrittenUnset)
                for index in 0..<n { blackHole(object.step(index)) }
            }
        ),
    ]
}

let hookPointSuite = Suite(capability: "hook points") {
    let n = 100_000
    let cases = hookPointCases()
    // Looked up by name, so that a case added to `hookPointCases()` never
    // shifts another row's figures.
    let results = Dictionary(uniqueKeysWithValues: zip(cases.map(\.name), interleave(cases.map { (n, $0.body) })))
    let (noHooks, before, instanceInstead, storedClosure, lockedClosure) = (
        results["hooks.none"]!, results["hooks.instance-before"]!, results["hooks.instance-instead"]!,
        results["hooks.peer.stored-closure"]!, results["hooks.peer.locked-closure"]!
    )
    let (direct, noneAnywhere, proceedWith, unsetClosure) = (
        results["hooks.peer.direct"]!, results["hooks.none-anywhere"]!,
        results["hooks.instance-instead-proceed-with"]!, results["hooks.peer.unset-closure"]!
    )
    let storedClosureCase = cases.first { $0.name == "hooks.peer.stored-closure" }!.body

    // A type-wide hook affects every instance, so it is measured on its own
    // object after the others, interleaved with the stored-closure peer.
    let sink = Sink()
    let typeWide = Hooked()
    let token = Hooked.hooks.step.instead { _, invocation in invocation.proceed() }
    let typeWideResults = interleave([
        (
            n,
            { n in
                let object = opaque(typeWide)
                for index in 0..<n { blackHole(object.step(index)) }
            }
        ),
        (n, storedClosureCase),
    ])
    token.cancel()
    blackHole(sink.value)

    let capability = "hook points"
    return [
        Row(
            capability: capability, name: "call, no hooks", metric: "ns/op",
            ours: noneAnywhere, peer: "method with an optional closure, none set", peerValue: unsetClosure,
            target: .atMost(1.2)),
        Row(
            capability: capability, name: "call, no hooks", metric: "ns/op",
            ours: noneAnywhere, peer: "method calling a stored closure", peerValue: storedClosure, target: nil),
        Row(
            capability: capability, name: "call, no hooks on this instance, other instances hooked", metric: "ns/op",
            ours: noHooks, peer: "method with an optional closure, none set", peerValue: unsetClosure, target: nil),
        Row(
            capability: capability, name: "call, one instance before hook", metric: "ns/op",
            ours: before, peer: "method calling a stored closure", peerValue: storedClosure, target: .atMost(3)),
        Row(
            capability: capability, name: "call, one instance before hook", metric: "ns/op",
            ours: before, peer: "method calling a stored closure read under a lock", peerValue: lockedClosure,
            target: nil),
        Row(
            capability: capability, name: "call, one instance instead hook", metric: "ns/op",
            ours: instanceInstead, peer: "method calling a stored closure", peerValue: storedClosure, target: .atMost(4)
        ),
        Row(
            capability: capability, name: "call, one instance instead hook, proceed(with:) changed arguments",
            metric: "ns/op", ours: proceedWith, peer: "the same hook calling proceed()", peerValue: instanceInstead,
            target: .atMost(1.1)),
        Row(
            capability: capability, name: "call, one type-wide instead hook", metric: "ns/op",
            ours: typeWideResults[0], peer: "method calling a stored closure", peerValue: typeWideResults[1],
            target: nil),
        Row(
            capability: capability, name: "call, no hooks", metric: "ns/op",
            ours: noneAnywhere, peer: "direct method call", peerValue: direct, target: nil),
    ]
}
