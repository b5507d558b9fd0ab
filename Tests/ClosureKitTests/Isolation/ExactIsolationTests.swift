import Dispatch
import Testing

@testable import ClosureKit

/// A hooked search, as a main-actor model's service would have: `Sendable`, so
/// that calls made on other threads reach main-actor hooks (enqueued, or
/// passed over by those that must answer).
final class SearchService: Hookable, Sendable {
    struct Hooks {
        let search = HookPoint<SearchService, String, [String]>("search(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func search(_ query: String) -> [String] {
        Self.hooks.search.call(self, query) { _, _ in [] }
    }
}

/// A control that a background thread sends from.
final class Beacon: EventControl, @unchecked Sendable {
    let controlEventStorage = ControlEventStorage()
}

@Suite("Isolation is exact: main-actor code after an await, order across registrations, .once off the actor")
@MainActor
struct ExactIsolationTests {
    @Test("after an await (the main actor on a worker thread under swift test), main-actor hooks answer")
    func mainActorHooksAnswerAfterAwait() async {
        let service = SearchService()
        var calls = 0
        let token = SearchService.hooks.search.instead(on: service) { _, invocation in
            calls += 1
            return [invocation.arguments]
        }
        defer { token.cancel() }
        await Task.yield()
        // Off the main actor and back: the main actor may resume on another
        // thread.
        await Task.detached {}.value
        #expect(service.search("swift") == ["swift"])
        #expect(calls == 1)
    }

    @Test("events sent from a background thread to several main-actor registrations keep their send order")
    func orderAcrossRegistrations() async {
        let first = Beacon()
        let second = Beacon()
        var log: [String] = []
        let tokens = [
            first.addHandler(for: .valueChanged) { _ in log.append("first") },
            second.addHandler(for: .valueChanged) { _ in log.append("second") },
            first.addHandler(for: .touchUpInside) { _ in log.append("first-up") },
        ]
        defer { tokens.forEach { $0.cancel() } }
        let pair = UncheckedBeacons(first: first, second: second)
        blockingOnBackgroundThread {
            for _ in 0..<3 {
                pair.first.sendEvents(.valueChanged)
                pair.second.sendEvents(.valueChanged)
                pair.first.sendEvents(.touchUpInside)
            }
        }
        // A send on the main actor runs the events that wait first.
        first.sendEvents(.touchUpInside)
        // Spelt out: the one-line form (`Array(repeating:count:).flatMap` in
        // `#expect`) took the type checker 2 s of every cold build.
        let round: [String] = ["first", "second", "first-up"]
        let expected: [String] = round + round + round + ["first-up"]
        #expect(log == expected)
    }

    @Test("before and after hooks of calls made on a background thread run call by call")
    func hookOrderAcrossPositions() async {
        let service = SearchService()
        var log: [String] = []
        let before = SearchService.hooks.search.before(on: service) { _, invocation in
            log.append("before \(invocation.arguments)")
        }
        let after = SearchService.hooks.search.after(on: service) { _, invocation in
            log.append("after \(invocation.arguments)")
        }
        defer {
            before.cancel()
            after.cancel()
        }
        let sendable = UncheckedService(service)
        blockingOnBackgroundThread {
            for index in 0..<12 { _ = sendable.service.search("\(index)") }
        }
        #expect(await untilMainActor { log.count == 24 })
        #expect(log == (0..<12).flatMap { ["before \($0)", "after \($0)"] })
    }

    @Test("a .once instead hook of the main actor is not used up by a call from another thread")
    func onceStaysUnspentOffTheActor() async {
        let service = SearchService()
        var runs = 0
        let token = SearchService.hooks.search.instead(on: service, options: [.once, .onItsActorOnly]) {
            _, invocation in
            runs += 1
            return ["hooked \(invocation.arguments)"]
        }
        defer { token.cancel() }
        let sendable = UncheckedService(service)
        let answer = ResultBox()
        blockingOnBackgroundThread { answer.value = sendable.service.search("elsewhere") }
        #expect(answer.value == []) // the original: the hook cannot answer there
        #expect(runs == 0)
        #expect(service.search("here") == ["hooked here"])
        #expect(service.search("again") == []) // used up now
        #expect(runs == 1)
    }

    @Test("a main-actor instead hook, the instance's one hook, is passed over off the actor when asked to")
    func soleHookPassedOverOffTheActor() async {
        let service = SearchService()
        var runs = 0
        let token = SearchService.hooks.search.instead(on: service, options: .onItsActorOnly) { _, invocation in
            runs += 1
            return ["hooked \(invocation.arguments)"]
        }
        defer { token.cancel() }
        let sendable = UncheckedService(service)
        let answer = ResultBox()
        blockingOnBackgroundThread { answer.value = sendable.service.search("elsewhere") }
        #expect(answer.value == []) // the original: the hook cannot answer there
        #expect(runs == 0)
        #expect(service.search("here") == ["hooked here"])
        #expect(runs == 1)
    }

    @Test("a .once, .onItsActorOnly main-actor proxy closure is not used up by a message from another thread")
    func proxyOnceStaysUnspent() async {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        var runs = 0
        let token = proxy.implement(TransferProxy.selectors.shouldStart, options: [.once, .onItsActorOnly]) { _ in
            runs += 1
            return false
        }
        defer { token.cancel() }
        let answer = FlagBox()
        blockingOnBackgroundThread { answer.value = owner.shouldStart() }
        #expect(answer.value == true) // the default: the closure cannot answer there
        #expect(runs == 0)
        #expect(owner.shouldStart() == false)
        #expect(owner.shouldStart() == true) // used up now
        #expect(runs == 1)
    }

    @Test("a main-actor .onItsActorOnly proxy closure that answers alone does not run for a message elsewhere")
    func soleProxyClosureStaysOnItsActor() async {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        var runs = 0
        let token = proxy.implement(TransferProxy.selectors.shouldStart, options: .onItsActorOnly) { _ in
            runs += 1
            return false
        }
        defer { token.cancel() }
        #expect(owner.shouldStart() == false)
        #expect(runs == 1)
        let answer = FlagBox()
        blockingOnBackgroundThread { answer.value = owner.shouldStart() }
        #expect(answer.value == true) // the default: the closure cannot answer there
        #expect(runs == 1)
    }

    @Test("a main-actor hook answers a call made in a DispatchQueue.main.async block, which runs no Swift task")
    func answersInMainQueueBlock() async {
        let service = SearchService()
        var runs = 0
        let token = SearchService.hooks.search.instead(on: service) { _, invocation in
            runs += 1
            return ["hooked \(invocation.arguments)"]
        }
        defer { token.cancel() }
        let sendable = UncheckedService(service)
        let answer = ResultBox()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                // Queued from a background thread: the block is a plain
                // main-queue callback, not main-actor code the compiler knows.
                DispatchQueue.main.async {
                    answer.value = sendable.service.search("queued")
                    done.resume()
                }
            }
        }
        #expect(answer.value == ["hooked queued"])
        #expect(runs == 1)
    }

    @Test("a main-actor end-of-life hook runs for an instance that ends on the main actor, not for one elsewhere")
    func endOfLifeHookOnlyOnItsActor() {
        var ended: [String] = []
        let holder = RecorderHolder()
        holder.recorder = Recorder("elsewhere", log: Probe())
        let elsewhere = Recorder.hooks.end.before(on: holder.recorder!) { ended.append($0.name) }
        // The last reference goes on a background thread: the instance ends there.
        blockingOnBackgroundThread { holder.recorder = nil }
        #expect(ended.isEmpty)
        holder.recorder = Recorder("here", log: Probe())
        let here = Recorder.hooks.end.before(on: holder.recorder!) { ended.append($0.name) }
        holder.recorder = nil
        #expect(ended == ["here"])
        _ = (elsewhere, here)
    }

    @Test("an actor's handler runs at once for a send made on that actor")
    func otherActorRunsAtOnce() async {
        let counter = BeaconCounter()
        #expect(await counter.sendTwiceAndCount() == 2)
    }
}

actor BeaconCounter {
    var count = 0
    let beacon = Beacon()

    func sendTwiceAndCount() -> Int {
        let token = beacon.addHandler(for: .valueChanged) { _ in self.count += 1 }
        beacon.sendEvents(.valueChanged)
        beacon.sendEvents(.valueChanged)
        token.cancel()
        return count
    }
}

struct UncheckedBeacons: @unchecked Sendable {
    let first: Beacon
    let second: Beacon
}

struct UncheckedService: @unchecked Sendable {
    let service: SearchService
    init(_ service: SearchService) { self.service = service }
}

final class ResultBox: @unchecked Sendable {
    var value: [String] = ["unset"]
}

final class FlagBox: @unchecked Sendable {
    var value: Bool?
}

/// Holds a recorder so that another thread can drop the last reference.
final class RecorderHolder: @unchecked Sendable {
    var recorder: Recorder?
}
