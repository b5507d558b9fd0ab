import Testing

@testable import ClosureKit

@Suite("DelegateProxy messages(for:)", .timeLimit(.minutes(1)))
struct DelegateProxyMessagesTests {
    @Test("each message is one element with its arguments and the answer the proxy gave")
    func argumentsAndResult() async {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        owner.keepAlive = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        var iterator = proxy.messages(for: TransferProxy.selectors.priority).makeAsyncIterator()
        #expect(owner.priority() != nil)
        let message = await iterator.next()
        #expect(message?.arguments === owner.transfer)
        #expect(message?.result == real.priorityAnswer)
    }

    @Test("the sequence never changes what the delegate answers")
    func doesNotChangeAnswers() async {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let sequence = proxy.messages(for: TransferProxy.selectors.shouldStart)
        let gate = proxy.implement(TransferProxy.selectors.shouldStart) { _ in false }
        #expect(owner.shouldStart() == false)
        gate.cancel()
        #expect(owner.shouldStart() == true) // the protocol's default
        var iterator = sequence.makeAsyncIterator()
        #expect(await iterator.next()?.result == false)
        #expect(await iterator.next()?.result == true)
    }

    @Test("the transform reads from the message while it is sent")
    func transform() async {
        let owner = LifetimeTransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        var iterator = proxy.messages(for: TransferProxy.selectors.didProgress) { $0.arguments.1 }.makeAsyncIterator()
        owner.delegate?.transfer(Transfer(), didProgress: 0.25)
        owner.delegate?.transfer(Transfer(), didProgress: 0.5)
        #expect(await iterator.next() == 0.25)
        #expect(await iterator.next() == 0.5)
    }

    @Test("cancelling the iterating task removes the after closure and releases its captures")
    func cancellation() async {
        let owner = LifetimeTransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        var capture: SequenceCapture? = SequenceCapture()
        let watch = SequenceCaptureWatch(capture!)
        let sequence = proxy.messages(for: TransferProxy.selectors.didProgress) { [capture] in
            (capture!.name, $0.arguments.1)
        }
        capture = nil
        let received = ReceiptSignal()
        let task = Task {
            var count = 0
            for await _ in sequence {
                count += 1
                received.signal()
            }
            return count
        }
        owner.delegate?.transfer(Transfer(), didProgress: 0.1)
        await received.wait()
        #expect(proxy.hasHandlers(for: TransferProxy.selectors.didProgress))
        task.cancel()
        #expect(await task.value == 1)
        #expect(!proxy.hasHandlers(for: TransferProxy.selectors.didProgress))
        #expect(watch.isReleased)
    }

    @Test("the proxy ending with its object finishes the sequence")
    func ownerEnd() async {
        var owner: LifetimeTransferOwner? = LifetimeTransferOwner()
        let sequence = TransferProxy.proxy(for: owner!, delegate: \.delegate)
            .messages(for: TransferProxy.selectors.didProgress) { $0.arguments.1 }
        owner!.delegate?.transfer(Transfer(), didProgress: 1)
        owner = nil
        #expect(await collectAll(sequence) == [1])
    }
}
