import ClosureKit
import Foundation

// Hook points: a hookable method with no hooks, with one before hook, and with
// one instead hook, against the hand-written alternatives (a direct method
// call; a method that calls an optional stored closure first).

private final class Hooked: Hookable, @unchecked Sendable {
    static let step = HookPoint<Hooked, Int, Int>("step(_:)")
    static let hookPoints: [AnyHookPoint] = [step.erased]
    var total = 0

    @inline(never)
    func step(_ amount: Int) -> Int {
        Self.step.call(self, amount) { object, amount in
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

private final class Sink: @unchecked Sendable { var value = 0 }

let hookPointSuite = Suite(capability: "hook points") {
    let n = 200_000
    let sink = Sink()
    let plain = HandWritten()
    let direct = measure(operations: n) { n in
        for index in 0..<n { blackHole(plain.step(index)) }
    }
    plain.beforeStep = { sink.value &+= $0 }
    let handWrittenHook = measure(operations: n) { n in
        for index in 0..<n { blackHole(plain.step(index)) }
    }

    let hooked = Hooked()
    let noHooks = measure(operations: n) { n in
        for index in 0..<n { blackHole(hooked.step(index)) }
    }
    let before = Hooked.step.before(on: hooked) { _, invocation in sink.value &+= invocation.arguments }
    let withBefore = measure(operations: n) { n in
        for index in 0..<n { blackHole(hooked.step(index)) }
    }
    before.cancel()
    let instead = Hooked.step.instead { _, invocation in invocation.proceed() }
    let withInstead = measure(operations: n) { n in
        for index in 0..<n { blackHole(hooked.step(index)) }
    }
    instead.cancel()
    blackHole(sink.value)

    return [
        Row(capability: "hook points", name: "call, no hooks", metric: "ns/op",
            ours: noHooks, peer: "direct method call", peerValue: direct, target: nil),
        Row(capability: "hook points", name: "call, one instance before hook", metric: "ns/op",
            ours: withBefore, peer: "method calling a stored closure", peerValue: handWrittenHook, target: nil),
        Row(capability: "hook points", name: "call, one type-wide instead hook", metric: "ns/op",
            ours: withInstead, peer: "method calling a stored closure", peerValue: handWrittenHook, target: nil),
    ]
}
