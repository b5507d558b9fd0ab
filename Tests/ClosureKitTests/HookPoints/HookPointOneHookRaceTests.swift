import Testing

@testable import ClosureKit

// The one-hook path is tried after two counts read without the lock (no
// type-wide hook, no `after` or one-shot hook at the hook point), and then
// checks under the lock that the instance's snapshot holds exactly one hook
// it may run alone. These tests hide a hook from the `after`/one-shot count,
// as a registration racing the call would, and show that the snapshot's
// check still sends the call through the stages. (The type-wide count is
// read again under the lock that registrations change it under, so hiding
// a hook from it is no race a program can make: no test hides one.)

final class RaceDoc: Hookable {
    struct Hooks {
        let save = HookPoint<RaceDoc, String, Int>("save(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func save(_ name: String) -> Int { Self.hooks.save.call(self, name) { _, name in name.count } }
}

@Suite("The one-hook path re-checks under the lock what its unlocked counts said", .serialized)
struct HookPointOneHookRaceTests {
    private let point = RaceDoc.hooks.save

    @Test("a one-shot hook that the counts missed runs once")
    func oneShotHiddenFromTheCounts() {
        let doc = RaceDoc()
        var runs = 0
        let token = point.before(on: doc, options: .once) { _, _ in runs += 1 }
        point.group.passedOver.decrement() // hidden, as by a racing registration
        defer { point.group.passedOver.increment() }
        _ = doc.save("a")
        _ = doc.save("b")
        #expect(runs == 1)
        _ = token
    }

    @Test("an after hook that the counts missed still runs after the method, with its result")
    func afterHookHiddenFromTheCounts() {
        let doc = RaceDoc()
        var results: [Int?] = []
        let token = point.after(on: doc) { _, invocation in results.append(invocation.result) }
        point.group.passedOver.decrement()
        defer { point.group.passedOver.increment() }
        _ = doc.save("abc")
        #expect(results == [3])
        token.cancel()
    }
}
