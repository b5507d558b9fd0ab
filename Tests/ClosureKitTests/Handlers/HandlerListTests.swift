import Testing

@testable import ClosureKit

@Suite("HandlerList")
struct HandlerListTests {
    typealias Handler = @Sendable (Int) -> Void

    @Test("handlers run in registration order")
    func order() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let tokens = (0..<5).map { index in list.add { value in probe.record("\(index):\(value)") } }
        list.forEach { $0(7) }
        #expect(probe.events == ["0:7", "1:7", "2:7", "3:7", "4:7"])
        _ = tokens
    }

    @Test("a one-shot handler runs once, and its token then prevents nothing")
    func once() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let token = list.add({ _ in probe.increment() }, options: .once)
        list.forEach { $0(1) }
        list.forEach { $0(2) }
        #expect(probe.count == 1)
        #expect(token.cancel() == false)
        #expect(list.isEmpty)
    }

    @Test("a one-shot handler runs exactly once when many threads dispatch at once")
    func onceUnderConcurrency() {
        for _ in 0..<100 {
            let probe = Probe()
            let list = HandlerList<Handler>()
            let token = list.add({ _ in probe.increment() }, options: .once)
            concurrently(8) { _ in list.forEach { $0(0) } }
            #expect(probe.count == 1)
            _ = token
        }
    }

    @Test("a handler can remove itself while it runs; later handlers still run")
    func removeSelf() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let box = TokenBox()
        box.token = list.add { _ in
            probe.record("self-removing")
            box.token?.cancel()
        }
        let other = list.add { _ in probe.record("other") }
        list.forEach { $0(0) }
        list.forEach { $0(0) }
        #expect(probe.events == ["self-removing", "other", "other"])
        _ = other
    }

    @Test("a handler removed by an earlier handler does not run later in the same dispatch")
    func removeLater() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let box = TokenBox()
        let first = list.add { _ in
            probe.record("first")
            #expect(box.token?.cancel() == true)
        }
        box.token = list.add { _ in probe.record("second") }
        list.forEach { $0(0) }
        #expect(probe.events == ["first"])
        _ = first
    }

    @Test("handlers added during a dispatch run from the next dispatch on")
    func addDuring() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let added = TokenBox()
        let adder = list.add { _ in
            probe.record("adder")
            if added.token == nil {
                added.token = list.add { _ in probe.record("added") }
            }
        }
        list.forEach { $0(0) }
        #expect(probe.events == ["adder"])
        list.forEach { $0(0) }
        #expect(probe.events == ["adder", "adder", "added"])
        _ = adder
    }

    @Test("a handler may remove every handler, itself included, during a dispatch")
    func removeAllDuring() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        let first = list.add { _ in
            probe.record("first")
            list.removeAll()
        }
        let second = list.add { _ in probe.record("second") }
        list.forEach { $0(0) }
        list.forEach { $0(0) }
        #expect(probe.events == ["first"])
        #expect(first.cancel() == false)
        #expect(second.cancel() == false)
    }

    @Test("removing a handler releases it and what it captured at once")
    func releaseOnRemove() {
        let probe = Probe()
        let list = HandlerList<Handler>()
        var reporter: DeinitReporter? = DeinitReporter("capture", probe: probe)
        let token = list.add { [reporter] _ in _ = reporter }
        reporter = nil
        #expect(probe.events.isEmpty)
        token.cancel()
        #expect(probe.events == ["deinit capture"])
    }

    @Test("no handler is called while the list's lock is held: a handler may use the list")
    func reentrancy() {
        let list = HandlerList<Handler>()
        let probe = Probe()
        let token = list.add { _ in
            probe.record("count \(list.count)")
            list.forEach { _ in probe.record("nested") }
        }
        let other = list.add { _ in }
        list.forEach { $0(0) }
        // The nested dispatch visits both handlers without deadlocking.
        #expect(probe.events == ["count 2", "nested", "nested"])
        _ = (token, other)
    }

    @Test("no dispatch that starts after cancel returned calls the handler")
    func noCallAfterCancel() {
        for _ in 0..<50 {
            let list = HandlerList<Handler>()
            let state = CancelState()
            let token = list.add { _ in }
            concurrently(4) { index in
                if index == 0 {
                    token.cancel()
                    state.markCancelReturned()
                } else {
                    for _ in 0..<200 {
                        let startedAfter = state.cancelReturned
                        list.forEach { handler in
                            if startedAfter { state.violation() }
                            handler(0)
                        }
                    }
                }
            }
            #expect(state.violations == 0)
        }
    }

    @Test("concurrent adds, removes and dispatches neither crash nor lose handlers")
    func stress() {
        let list = HandlerList<Handler>()
        let calls = Probe()
        let kept = Locked<[CancellationToken]>([])
        concurrently(2_000) { index in
            let token = list.add { _ in calls.increment() }
            if index % 2 == 0 {
                kept.withLock { $0.append(token) }
            } else {
                token.cancel()
            }
            list.forEach { $0(index) }
        }
        #expect(list.count == 1_000)
        kept.withLock { $0.removeAll() }
        #expect(list.isEmpty)
        #expect(calls.count > 0)
    }
}

/// A mutable slot for a token that a handler refers to.
final class TokenBox: @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private var _token: CancellationToken?
    var token: CancellationToken? {
        get { lock.withLock { _token } }
        set { lock.withLock { _token = newValue } }
    }
}

private final class CancelState: @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private var returned = false
    private var count = 0
    var cancelReturned: Bool { lock.withLock { returned } }
    func markCancelReturned() { lock.withLock { returned = true } }
    func violation() { lock.withLock { count += 1 } }
    var violations: Int { lock.withLock { count } }
}
