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
