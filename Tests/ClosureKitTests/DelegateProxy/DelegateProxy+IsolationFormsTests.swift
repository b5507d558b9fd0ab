import Foundation
import Synchronization
import Testing

@testable import ClosureKit

// The two forms of each registration of a `DelegateProxy` (region-bound,
// Sendable values) and of a `SendableDelegateProxy` (Sendable values,
// nonisolated only), pinned one by one.

/// A delegating object that is not `Sendable`, passed to its delegate.
final class Gramophone {
    var turns = 0
}

protocol GramophoneDelegate: AnyObject {
    func gramophone(_ gramophone: Gramophone, didTurn turns: Int)
    func gramophoneShouldStop(_ gramophone: Gramophone) -> Bool
    func volumeChanged(_ volume: Double)
    func label(for volume: Double) -> String
}

extension GramophoneDelegate {
    func gramophone(_ gramophone: Gramophone, didTurn turns: Int) {}
    func gramophoneShouldStop(_ gramophone: Gramophone) -> Bool { false }
    func volumeChanged(_ volume: Double) {}
    func label(for volume: Double) -> String { "default" }
}

/// The selectors both proxies declare.
struct GramophoneSelectors: Sendable {
    let didTurn = MethodSelector<(Gramophone, Int), Void>("gramophone(_:didTurn:)")
    let shouldStop = MethodSelector<Gramophone, Bool>("gramophoneShouldStop(_:)")
    let volumeChanged = MethodSelector<Double, Void>("volumeChanged(_:)")
    let label = MethodSelector<Double, String>("label(for:)")
}

/// A proxy that is not `Sendable`: region form for the gramophone's methods.
final class GramophoneProxy: DelegateProxy<any GramophoneDelegate>, GramophoneDelegate, SelectorDeclaring {
    typealias Selectors = GramophoneSelectors
    static let selectors = Selectors()

    func gramophone(_ gramophone: Gramophone, didTurn turns: Int) {
        forward(Self.selectors.didTurn, (gramophone, turns)) { $0.gramophone($1.0, didTurn: $1.1) }
    }
    func gramophoneShouldStop(_ gramophone: Gramophone) -> Bool {
        forward(Self.selectors.shouldStop, gramophone, default: false) { $0.gramophoneShouldStop($1) }
    }
    func volumeChanged(_ volume: Double) {
        forward(Self.selectors.volumeChanged, volume) { $0.volumeChanged($1) }
    }
    func label(for volume: Double) -> String {
        forward(Self.selectors.label, volume, default: "default") { $0.label(for: $1) }
    }
}

/// The same proxy, shared across threads.
final class SharedGramophoneProxy: SendableDelegateProxy<any GramophoneDelegate>, GramophoneDelegate,
    SelectorDeclaring, @unchecked Sendable
{
    typealias Selectors = GramophoneSelectors
    static let selectors = Selectors()

    func gramophone(_ gramophone: Gramophone, didTurn turns: Int) {
        forward(Self.selectors.didTurn, (gramophone, turns)) { $0.gramophone($1.0, didTurn: $1.1) }
    }
    func gramophoneShouldStop(_ gramophone: Gramophone) -> Bool {
        forward(Self.selectors.shouldStop, gramophone, default: false) { $0.gramophoneShouldStop($1) }
    }
    func volumeChanged(_ volume: Double) {
        forward(Self.selectors.volumeChanged, volume) { $0.volumeChanged($1) }
    }
    func label(for volume: Double) -> String {
        forward(Self.selectors.label, volume, default: "default") { $0.label(for: $1) }
    }
}

@Suite("DelegateProxy: the region form and the Sendable-values form")
@MainActor
struct DelegateProxyRegionFormTests {
    private typealias P = GramophoneProxy

    @Test("from nonisolated code every position takes a closure that captures a local var, run during the send")
    nonisolated func nonisolatedCapturesVar() {
        let gramophone = Gramophone()
        let proxy = P()
        var log: [String] = []
        let tokens = [
            proxy.before(P.selectors.didTurn) { log.append("before \($0.arguments.1)") },
            proxy.implement(P.selectors.didTurn) { gramophone, turns in
                gramophone.turns = turns
                log.append("implement")
            },
            proxy.after(P.selectors.didTurn) { log.append("after \($0.arguments.0.turns)") },
            proxy.instead(P.selectors.shouldStop) { invocation in
                log.append("instead")
                return invocation.proceed() || invocation.arguments.turns > 2
            },
            proxy.replaceResult(P.selectors.shouldStop) { invocation in
                log.append("replace \(invocation.result!)")
                return !invocation.result!
            },
        ]
        proxy.gramophone(gramophone, didTurn: 3)
        #expect(proxy.gramophoneShouldStop(gramophone) == false)
        #expect(log == ["before 3", "implement", "after 3", "instead", "replace true"])
        tokens.forEach { $0.cancel() }
    }

    @Test("on the main actor a closure of the region form uses main-actor state and answers during the send")
    func mainActorRegionForm() {
        let gramophone = Gramophone()
        let proxy = P()
        var seen: [Int] = []
        var asked = 0
        let tokens = [
            proxy.implement(P.selectors.didTurn) { _, turns in seen.append(turns) },
            proxy.implement(P.selectors.shouldStop, options: .once) { _ in
                asked += 1
                return true
            },
        ]
        proxy.gramophone(gramophone, didTurn: 1)
        proxy.gramophone(gramophone, didTurn: 2)
        #expect(seen == [1, 2])
        #expect(proxy.gramophoneShouldStop(gramophone) == true)
        #expect(proxy.gramophoneShouldStop(gramophone) == false)
        #expect(asked == 1)
        tokens.forEach { $0.cancel() }
    }

    @Test("a main-actor closure of the region form runs after the events that wait for the main actor")
    func regionFormDrainsWaitingEvents() {
        let gramophone = Gramophone()
        let proxy = P()
        var log: [String] = []
        let tokens = [
            // Sendable values: the Sendable form, enqueued from elsewhere.
            proxy.after(P.selectors.volumeChanged) { log.append("volume \($0.arguments)") },
            // The gramophone is not Sendable: the region form.
            proxy.implement(P.selectors.didTurn) { _, turns in log.append("turn \(turns)") },
        ]
        // The test sends from another thread on purpose: a proxy in a region
        // of its own could be sent there as a whole.
        nonisolated(unsafe) let elsewhere = proxy
        blockingOnBackgroundThread { elsewhere.volumeChanged(0.5) }
        #expect(log.isEmpty)
        proxy.gramophone(gramophone, didTurn: 1)
        #expect(log == ["volume 0.5", "turn 1"])
        tokens.forEach { $0.cancel() }
    }

    @Test("Sendable values take the Sendable form: a main-actor closure gets messages sent elsewhere, enqueued")
    func sendableValuesAreEnqueued() async {
        var volumes: [Double] = []
        let proxy = P()
        let token = proxy.implement(P.selectors.volumeChanged) { volumes.append($0) }
        await Task.detached {
            #expect(!Thread.isMainThread)
            proxy.volumeChanged(0.25)
            proxy.volumeChanged(0.75)
        }.value
        #expect(await untilMainActor { volumes.count == 2 })
        #expect(volumes == [0.25, 0.75])
        token.cancel()
    }

    @Test("a main-actor closure of the region form reached off the main actor stops the program")
    func regionFormOffTheMainActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let proxy = GramophoneProxy()
                var turns = 0
                let token = proxy.implement(GramophoneProxy.selectors.didTurn) { _, count in turns += count }
                // Smuggled past the compiler, as the gaps the Isolation
                // article lists do.
                nonisolated(unsafe) let smuggled = proxy
                blockingOnBackgroundThread { smuggled.gramophone(Gramophone(), didTurn: 1) }
                withExtendedLifetime(token) {}
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to @MainActor was called off @MainActor"), "\(message)")
    }
}

@Suite("SendableDelegateProxy: the Sendable-values form and the nonisolated form")
@MainActor
struct SendableDelegateProxyFormTests {
    private typealias P = SharedGramophoneProxy

    @Test("Sendable values: a main-actor closure runs on the main actor, enqueued in send order from elsewhere")
    func sendableValuesEnqueued() async {
        let proxy = P()
        var log: [String] = []
        let tokens = [
            proxy.before(P.selectors.volumeChanged) { log.append("before \($0.arguments)") },
            proxy.implement(P.selectors.volumeChanged) { log.append("implement \($0)") },
            proxy.after(P.selectors.volumeChanged) { log.append("after \($0.arguments)") },
        ]
        await onBackgroundThread {
            proxy.volumeChanged(1)
            proxy.volumeChanged(2)
        }
        #expect(await untilMainActor { log.count == 6 })
        #expect(log == ["before 1.0", "implement 1.0", "after 1.0", "before 2.0", "implement 2.0", "after 2.0"])
        tokens.forEach { $0.cancel() }
    }

    @Test("Sendable values: cancelling a main-actor closure's token drops the messages that wait for it")
    func cancelDropsWaitingMessages() async {
        let proxy = P()
        var log: [String] = []
        let token = proxy.before(P.selectors.volumeChanged) { log.append("before \($0.arguments)") }
        // The main actor is blocked meanwhile: the messages wait for it.
        blockingOnBackgroundThread {
            proxy.volumeChanged(1)
            proxy.volumeChanged(2)
        }
        #expect(token.cancel())
        #expect(await untilMainActor({ !log.isEmpty }, limit: 1_000) == false)
    }

    @Test("Sendable values: a main-actor closure that answers, .onItsActorOnly, is passed over elsewhere, unspent")
    func answeringPassedOverElsewhere() async {
        let proxy = P()
        let tokens = [
            proxy.implement(P.selectors.label, options: [.once, .onItsActorOnly]) { "main \($0)" },
            proxy.instead(P.selectors.label, options: .onItsActorOnly) { invocation in "instead \(invocation.arguments)"
            },
            proxy.replaceResult(P.selectors.label, options: .onItsActorOnly) { invocation in invocation.result! + "!" },
        ]
        let elsewhere = await Task.detached { proxy.label(for: 1) }.value
        #expect(elsewhere == "default")
        #expect(proxy.label(for: 2) == "instead 2.0!")
        tokens[1].cancel()
        #expect(proxy.label(for: 3) == "main 3.0!")
        #expect(proxy.label(for: 4) == "default!")
        tokens.forEach { $0.cancel() }
    }

    @Test("values that are not Sendable: a closure written on the main actor is nonisolated, run by the sender")
    func nonSendableValuesRunOnTheSender() async {
        let proxy = P()
        let threads = Mutex<[Bool]>([])
        let tokens = [
            proxy.before(P.selectors.didTurn) { _ in threads.withLock { $0.append(Thread.isMainThread) } },
            proxy.implement(P.selectors.didTurn) { gramophone, turns in gramophone.turns = turns },
            proxy.after(P.selectors.didTurn) { invocation in
                threads.withLock { $0.append(invocation.arguments.0.turns == 7) }
            },
            proxy.instead(P.selectors.shouldStop) { invocation in invocation.arguments.turns == 7 },
            proxy.replaceResult(P.selectors.shouldStop) { invocation in
                threads.withLock { $0.append(Thread.isMainThread) }
                return invocation.result!
            },
        ]
        let stopped = await Task.detached {
            let gramophone = Gramophone()
            proxy.gramophone(gramophone, didTurn: 7)
            return proxy.gramophoneShouldStop(gramophone)
        }.value
        #expect(stopped)
        #expect(threads.withLock { $0 } == [false, true, false])
        tokens.forEach { $0.cancel() }
    }

    @Test("values that are not Sendable: a closure marked with an actor stops the program at registration")
    func nonisolatedFormRefusesAnActor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let proxy = SharedGramophoneProxy()
            _ = proxy.after(SharedGramophoneProxy.selectors.didTurn) { @MainActor _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("after closure of SharedGramophoneProxy for gramophone(_:didTurn:)"), "\(message)")
        #expect(message.contains("receives values that are not Sendable"), "\(message)")
    }

    @Test("closures registered by name are nonisolated, on either proxy, whatever the values")
    func byNameOnBoth() throws {
        let gramophone = Gramophone()
        let plain = GramophoneProxy()
        let shared = P()
        let turns = Mutex(0)
        let tokens = [
            try plain.implement("gramophone(_:didTurn:)") { (_: Gramophone, count: Int) in
                turns.withLock { $0 += count }
            },
            try shared.hook("gramophone(_:didTurn:)", at: .after) { (invocation: Invocation<(Gramophone, Int), Void>) in
                turns.withLock { $0 += invocation.arguments.1 }
            },
        ]
        plain.gramophone(gramophone, didTurn: 2)
        shared.gramophone(gramophone, didTurn: 3)
        #expect(turns.withLock { $0 } == 5)
        tokens.forEach { $0.cancel() }
    }
}
