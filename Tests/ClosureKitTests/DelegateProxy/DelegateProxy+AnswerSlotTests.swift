import Dispatch
import Testing

@testable import ClosureKit

// A selector whose one closure answers alone has that closure boxed in its
// slot by the first message (`ProxySlot.answer`), which later messages read
// with no snapshot (`ProxyTable.route`). These tests pin what the slot must
// follow: the closure leaves it (and is released) when its token is
// cancelled or released, when the proxy's closures are all removed, and when
// another closure joins it.

/// An object a closure captures, to see when the closure is released.
private final class Capture: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

@Suite("DelegateProxy: the closure that answers alone, kept in its slot")
struct DelegateProxyAnswerSlotTests {
    private static let label = GaugeProxy.selectors.label

    @Test("cancelling its token releases the closure before cancel() returns; the next message gets the default")
    func cancelReleases() {
        let proxy = GaugeProxy()
        var capture: Capture? = Capture("closure")
        weak let watched = capture
        let token = proxy.implement(Self.label) { [capture] in "\(capture!.label) \($0)" }
        capture = nil
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(proxy.label(for: 1) == "closure 1")
        #expect(proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(token.cancel() == true)
        #expect(watched == nil)
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(proxy.label(for: 2) == "default")
        #expect(token.cancel() == false)
    }

    @Test("releasing its token releases the closure at once")
    func releaseReleases() {
        let proxy = GaugeProxy()
        weak var watched: Capture?
        var token: CancellationToken? = {
            let capture = Capture("closure")
            watched = capture
            return proxy.implement(Self.label) { _ in capture.label }
        }()
        #expect(proxy.label(for: 1) == "closure")
        #expect(watched != nil)
        token = nil
        #expect(watched == nil)
        #expect(proxy.label(for: 2) == "default")
        withExtendedLifetime(token) {}
    }

    @Test("removeAllHandlers releases it at once; its token then prevents nothing")
    func removeAllReleases() {
        let proxy = GaugeProxy()
        weak var watched: Capture?
        let token: CancellationToken = {
            let capture = Capture("closure")
            watched = capture
            return proxy.implement(Self.label) { _ in capture.label }
        }()
        #expect(proxy.label(for: 1) == "closure")
        proxy.removeAllHandlers()
        #expect(watched == nil)
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(proxy.label(for: 2) == "default")
        #expect(token.cancel() == false)
    }

    @Test("a closure that joins it leaves the slot empty, both run; once it leaves, the first answers alone again")
    func anotherClosureJoins() {
        let proxy = GaugeProxy()
        let log = DelegateProxyTestLog()
        let answer = proxy.implement(Self.label) { "closure \($0)" }
        #expect(proxy.label(for: 0) == "closure 0")
        #expect(proxy.table.hasBoxedAnswer(for: Self.label.id))
        let after = proxy.after(Self.label) { invocation in log.append("after \(invocation.result ?? "none")") }
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(proxy.label(for: 1) == "closure 1")
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(log.all == ["after closure 1"])
        after.cancel()
        #expect(proxy.label(for: 2) == "closure 2")
        #expect(proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(log.all == ["after closure 1"])
        // A newer closure answers in its place, through the chain: nothing
        // is boxed; cancelling it gives the message back to the older one.
        let newer = proxy.implement(Self.label) { "newer \($0)" }
        #expect(proxy.label(for: 3) == "newer 3")
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        newer.cancel()
        #expect(proxy.label(for: 4) == "closure 4")
        #expect(proxy.table.hasBoxedAnswer(for: Self.label.id))
        withExtendedLifetime(answer) {}
    }

    @Test("a one-shot closure is not kept in the slot: it answers once, then the default")
    func onceIsNotKept() {
        let proxy = GaugeProxy()
        let token = proxy.implement(Self.label, options: .once) { "once \($0)" }
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(proxy.label(for: 1) == "once 1")
        #expect(!proxy.table.hasBoxedAnswer(for: Self.label.id))
        #expect(proxy.label(for: 2) == "default")
        #expect(token.cancel() == false)
    }

    @Test("a token kept after its proxy ended cancels nothing and releases nothing twice")
    func tokenOutlivesProxy() {
        var proxy: GaugeProxy? = GaugeProxy()
        weak let watchedProxy = proxy
        let token = proxy!.implement(Self.label) { "closure \($0)" }
        #expect(proxy?.label(for: 1) == "closure 1")
        proxy = nil
        #expect(watchedProxy == nil)
        #expect(token.cancel() == false)
    }
}

@Suite("DelegateProxy: the boxed answering closure under concurrency")
struct DelegateProxyAnswerSlotStressTests {
    @Test("answering closures added and cancelled on threads while others send: none runs after cancel returned")
    func cancelWhileSending() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let violations = DelegateProxyTestBox(0)
        let calls = DelegateProxyTestBox(0)
        let rounds = 200
        // Markers published after their round's cancel() returned: a message
        // that carries one started after that cancel returned.
        let published = DelegateProxyTestBox<[Transfer]>([])

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker < 2 {
                // Registrars: one answering closure each (alone, or two at
                // once), answered, then cancelled.
                for _ in 0..<rounds {
                    let marker = Transfer(name: "after cancel")
                    let token = proxy.implement(TransferProxy.selectors.title) { transfer in
                        calls.mutate { $0 += 1 }
                        if transfer === marker { violations.mutate { $0 += 1 } }
                        return "closure"
                    }
                    _ = owner.title()
                    _ = owner.title()
                    token.cancel()
                    published.mutate { $0.append(marker) }
                    _ = proxy.title(for: marker)
                }
            } else {
                for _ in 0..<(rounds * 3) {
                    _ = owner.title()
                    if let marker = published.value.last { _ = proxy.title(for: marker) }
                }
            }
        }
        #expect(violations.value == 0)
        #expect(calls.value >= 2 * rounds * 2)
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.title) == false)
        #expect(!proxy.table.hasBoxedAnswer(for: TransferProxy.selectors.title.id))
    }
}
