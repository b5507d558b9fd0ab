import ClosureKit
import Foundation

// Aspects: a hook installed through an aspect against the same hook
// installed directly. An aspect only keeps its registrations' tokens, so a
// call should cost the same either way: nothing per call for the aspect or
// its registry.

private final class Counted: Hookable, @unchecked Sendable {
    struct Hooks {
        let step = HookPoint<Counted, Int, Int>("step(_:)")
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

private final class Sink: @unchecked Sendable { var value = 0 }

/// The aspect cases, shared with the callgrind driver: an instance before
/// hook and a type-wide before hook, each installed through an aspect (in a
/// registry of its own) and directly. A type-wide hook applies to every
/// instance, so each type-wide case installs its hook when it starts and
/// removes it when it ends: a constant cost, which the callgrind script's
/// difference of two runs cancels and 100,000 calls a round make negligible.
func aspectCases() -> [(name: String, body: (Int) -> Void)] {
    let sink = Sink()
    let registry = AspectRegistry()
    let viaAspect = Counted()
    let direct = Counted()
    let typeWide = Counted()
    // The aspect stays installed in `registry`, which its case keeps.
    _ = try! Aspect.install("instance", in: registry) {
        Counted.hooks.step.before(on: viaAspect) { _, invocation in sink.value &+= invocation.arguments }
    }
    let token = Counted.hooks.step.before(on: direct) { _, invocation in sink.value &+= invocation.arguments }
    func loop(_ object: Counted, _ n: Int) {
        let object = opaque(object)
        for index in 0..<n { blackHole(object.step(index)) }
    }
    return [
        (
            "aspects.instance-before",
            { n in
                loop(viaAspect, n)
                blackHole(registry)
            }
        ),
        (
            "aspects.peer.instance-before-direct",
            { n in
                loop(direct, n)
                blackHole(token)
            }
        ),
        (
            "aspects.type-wide-before",
            { n in
                let aspect = try! Aspect.install("type-wide", in: registry) {
                    Counted.hooks.step.before { _, invocation in sink.value &+= invocation.arguments }
                }
                loop(typeWide, n)
                aspect.uninstall()
            }
        ),
        (
            "aspects.peer.type-wide-before-direct",
            { n in
                let token = Counted.hooks.step.before { _, invocation in sink.value &+= invocation.arguments }
                loop(typeWide, n)
                token.cancel()
            }
        ),
    ]
}

let aspectSuite = Suite(capability: "aspects") {
    let n = 100_000
    let results = interleave(aspectCases().map { (n, $0.body) })
    let capability = "aspects"
    return [
        Row(
            capability: capability, name: "call, instance before hook installed by an aspect", metric: "ns/op",
            ours: results[0], peer: "the same hook installed directly", peerValue: results[1], target: .atMost(1.1)),
        Row(
            capability: capability, name: "call, type-wide before hook installed by an aspect", metric: "ns/op",
            ours: results[2], peer: "the same hook installed directly", peerValue: results[3], target: .atMost(1.1)),
    ]
}
