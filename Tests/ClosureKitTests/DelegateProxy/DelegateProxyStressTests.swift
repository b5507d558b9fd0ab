import ClosureKit
import Dispatch
import Testing

@Suite("DelegateProxy: concurrency")
struct DelegateProxyStressTests {
    @Test(
        "closures are added and removed on threads while others send messages; none runs after cancel returned"
    )
    func addRemoveWhileSending() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let violations = DelegateProxyTestBox(0)
        let calls = DelegateProxyTestBox(0)
        let rounds = 150
        // Markers published after their round's cancel() returned; senders on
        // other threads send with the latest one, so their messages start
        // after that cancel returned too.
        let published = DelegateProxyTestBox<Transfer?>(nil)

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker < 2 {
                // Registrars: add a closure at each position, send, cancel,
                // then check that nothing runs after cancel returned.
                for round in 0..<rounds {
                    // Messages that start after cancel() returned carry this
                    // marker; no closure of this round may see one. Messages
                    // of other threads may still be finishing, as allowed.
                    let marker = Transfer(name: "after cancel")
                    let check: @Sendable (Transfer) -> Void = { transfer in
                        calls.mutate { $0 += 1 }
                        if transfer === marker { violations.mutate { $0 += 1 } }
                    }
                    let tokens = [
                        proxy.before(TransferProxy.selectors.priority) { check($0.arguments) },
                        proxy.implement(TransferProxy.selectors.priority, options: round % 3 == 0 ? .once : []) {
                            transfer in
                            check(transfer)
                            return 1
                        },
                        proxy.after(TransferProxy.selectors.priority) { check($0.arguments) },
                    ]
                    _ = owner.priority()
                    for token in tokens { token.cancel() }
                    published.mutate { $0 = marker }
                    _ = owner.priority(of: marker)
                }
            } else {
                // Senders: a steady stream of messages of every kind.
                for _ in 0..<(rounds * 3) {
                    _ = owner.priority()
                    if let marker = published.value { _ = owner.priority(of: marker) }
                    owner.progress(0.5)
                    _ = owner.shouldStart()
                    _ = proxy.responds(to: TransferProxy.selectors.priority)
                }
            }
        }
        #expect(violations.value == 0)
        #expect(calls.value > 0)
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.priority) == false)
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
