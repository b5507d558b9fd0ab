import ClosureKit
import Dispatch
import Testing

@Suite("DelegateProxy: concurrency")
struct DelegateProxyStressTests {
    @Test("closures are added and removed on some threads while messages are sent on others; none runs after cancel returned")
    func addRemoveWhileSending() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let violations = DelegateProxyTestBox(0)
        let calls = DelegateProxyTestBox(0)
        let rounds = 150

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker < 2 {
                // Registrars: add a closure at each position, send, cancel,
                // then check that nothing runs after cancel returned.
                for round in 0..<rounds {
                    let cancelled = DelegateProxyTestBox(false)
                    let check: @Sendable () -> Void = {
                        calls.mutate { $0 += 1 }
                        if cancelled.value { violations.mutate { $0 += 1 } }
                    }
                    let tokens = [
                        proxy.before(TransferProxy.priority) { _ in check() },
                        proxy.implement(TransferProxy.priority, options: round % 3 == 0 ? .once : []) { _ in
                            check()
                            return 1
                        },
                        proxy.after(TransferProxy.priority) { _ in check() },
                    ]
                    _ = owner.priority()
                    for token in tokens { token.cancel() }
                    cancelled.mutate { $0 = true }
                    // Messages sent after cancel returned, on this thread.
                    _ = owner.priority()
                }
            } else {
                // Senders: a steady stream of messages of every kind.
                for _ in 0..<(rounds * 3) {
                    _ = owner.priority()
                    owner.progress(0.5)
                    _ = owner.shouldStart()
                    _ = proxy.responds(to: TransferProxy.priority)
                }
            }
        }
        #expect(violations.value == 0)
        #expect(calls.value > 0)
        #expect(proxy.hasClosures(for: TransferProxy.priority) == false)
    }

    @Test("the real delegate can be replaced while messages are sent")
    func replaceRealDelegateWhileSending() {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let delegates = (0..<4).map { _ in RecordingTransferDelegate() }
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<200 {
                if worker == 0 {
                    proxy.realDelegate = index % 5 == 0 ? nil : delegates[index % delegates.count]
                } else {
                    let title = owner.title()
                    #expect(title == "real" || title == "default")
                }
            }
        }
    }
}
