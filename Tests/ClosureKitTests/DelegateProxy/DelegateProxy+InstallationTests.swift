import ClosureKit
import Dispatch
import Testing

/// A delegating object that is its own delegate.
private final class SelfDelegatingOwner: TransferDelegate, @unchecked Sendable {
    let transfer = Transfer()
    weak var delegate: (any TransferDelegate)?
    var received = 0
    init() { delegate = self }
    func transfer(_ transfer: Transfer, didProgress fraction: Double) { received += 1 }
    func send() { delegate?.transfer(transfer, didProgress: 1) }
}

/// A second proxy class for the same protocol.
private final class OtherTransferProxy: DelegateProxy<any TransferDelegate>, TransferDelegate {}

@Suite("DelegateProxy: installation")
struct DelegateProxyInstallationTests {
    @Test("asking twice for the proxy of an object returns the same instance")
    func sameInstance() {
        let owner = TransferOwner()
        let first = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let second = TransferProxy.proxy(for: owner, delegate: \.delegate)
        #expect(first === second)
        #expect(TransferProxy.existingProxy(for: owner) === first)
        #expect(owner.delegate === first)
    }

    @Test("many threads asking at once all get the same instance")
    func sameInstanceAcrossThreads() {
        for _ in 0..<20 {
            let owner = TransferOwner()
            let results = DelegateProxyTestBox<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
                results.mutate { $0.append(ObjectIdentifier(proxy)) }
            }
            #expect(Set(results.value).count == 1)
            #expect(owner.delegate.map(ObjectIdentifier.init) == results.value.first)
        }
    }

    @Test("different objects get different proxies, and an object with none has no existing proxy")
    func perObject() {
        let a = TransferOwner()
        let b = TransferOwner()
        #expect(TransferProxy.existingProxy(for: a) == nil)
        #expect(TransferProxy.proxy(for: a, delegate: \.delegate) !== TransferProxy.proxy(for: b, delegate: \.delegate))
    }

    @Test("installing keeps the previous delegate as the weak real delegate")
    func previousBecomesRealDelegate() {
        let owner = TransferOwner()
        var real: RecordingTransferDelegate? = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        #expect(proxy.realDelegate === real)
        #expect(owner.delegate === proxy)
        weak let weakReal = real
        real = nil
        #expect(weakReal == nil)
        #expect(proxy.realDelegate == nil)
        #expect(owner.title() == "default")
    }

    @Test("setting the proxy as its own real delegate stores nil")
    func selfAsRealDelegate() {
        let owner = TransferOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        proxy.realDelegate = proxy
        #expect(proxy.realDelegate == nil)
        #expect(owner.title() == "default")
    }

    @Test("a chain of proxies that would lead back to the proxy stores nil")
    func cycleOfProxies() {
        let a = TransferProxy()
        let b = TransferProxy()
        a.realDelegate = b
        b.realDelegate = a
        #expect(a.realDelegate === b)
        #expect(b.realDelegate == nil)
        #expect(a.title(for: Transfer()) == "default")
    }

    @Test("asking again, once the proxy is the delegate, never makes it its own real delegate")
    func reinstallDoesNotLoop() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        #expect(owner.delegate === proxy)
        let again = TransferProxy.proxy(for: owner, delegate: \.delegate)
        #expect(again === proxy)
        #expect(proxy.realDelegate === real)
        // Re-adopting the current delegate (the proxy itself) stores nil.
        proxy.realDelegate = owner.delegate
        #expect(proxy.realDelegate == nil)
        #expect(owner.title() == "default")
    }

    @Test("an object that is its own delegate gets its messages once, with no infinite recursion")
    func selfDelegatingObject() {
        let owner = SelfDelegatingOwner()
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        #expect(proxy.realDelegate === owner)
        owner.send()
        #expect(owner.received == 1)
        let log = DelegateProxyTestLog()
        let token = proxy.before(TransferProxy.selectors.didProgress) { _ in log.append("before") }
        owner.send()
        #expect(owner.received == 2)
        #expect(log.all == ["before"])
        withExtendedLifetime(token) {}
    }

    @Test("the object keeps its proxy alive although its delegate property is weak, and the proxy ends with it")
    func objectKeepsProxyAlive() {
        weak var weakProxy: TransferProxy?
        do {
            let owner = LifetimeTransferOwner()
            do {
                weakProxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
            }
            #expect(weakProxy != nil)
            #expect(owner.delegate === weakProxy)
        }
        #expect(weakProxy == nil)
    }

    @Test("a plain object (no Lifetime) keeps its proxy, released once the library notices its end")
    func plainObjectProxyReleased() {
        weak var weakProxy: TransferProxy?
        do {
            let owner = TransferOwner()
            weakProxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
            #expect(weakProxy != nil)
            #expect(owner.delegate === weakProxy)
        }
        releaseEndedObjects()
        #expect(weakProxy == nil)
    }

    @Test("no retain cycle between the object, its proxy and the real delegate")
    func noRetainCycle() {
        weak var weakOwner: TransferOwner?
        weak var weakProxy: TransferProxy?
        weak var weakReal: RecordingTransferDelegate?
        var token: CancellationToken?
        do {
            let owner = TransferOwner()
            let real = RecordingTransferDelegate()
            owner.delegate = real
            let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
            // A closure that captures the owner and the real delegate weakly,
            // as closures on a proxy should.
            token = proxy.implement(TransferProxy.selectors.title) { [weak owner, weak real] _ in
                "\(owner == nil)\(real == nil)"
            }
            #expect(owner.title() == "falsefalse")
            weakOwner = owner
            weakProxy = proxy
            weakReal = real
        }
        releaseEndedObjects()
        #expect(weakOwner == nil)
        #expect(weakReal == nil)
        #expect(weakProxy == nil)
        // The proxy is gone, so the token prevents nothing any more.
        #expect(token?.cancel() == false)
    }

    @Test("uninstalling restores the real delegate and detaches the proxy")
    func uninstall() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
        let token = proxy.implement(TransferProxy.selectors.title) { _ in "closure" }
        #expect(owner.title() == "closure")
        let removed = TransferProxy.uninstall(from: owner, delegate: \.delegate)
        #expect(removed === proxy)
        #expect(owner.delegate === real)
        #expect(owner.title() == "real")
        #expect(TransferProxy.existingProxy(for: owner) == nil)
        #expect(TransferProxy.uninstall(from: owner, delegate: \.delegate) == nil)
        // Installing again creates a new proxy around the restored delegate.
        let again = TransferProxy.proxy(for: owner, delegate: \.delegate)
        #expect(again !== proxy)
        #expect(again.realDelegate === real)
        withExtendedLifetime(token) {}
    }

    @Test("a proxy can be installed through a getter and a setter")
    func getterAndSetter() {
        let owner = TransferOwner()
        let real = RecordingTransferDelegate()
        owner.delegate = real
        let proxy = TransferProxy.proxy(
            for: owner, getDelegate: { owner.delegate }, setDelegate: { owner.delegate = $0 })
        #expect(owner.delegate === proxy)
        #expect(proxy.realDelegate === real)
        #expect(TransferProxy.uninstall(from: owner, setDelegate: { owner.delegate = $0 }) === proxy)
        #expect(owner.delegate === real)
    }

    @Test("attach makes an object keep a proxy that was handed to it at initialisation")
    func attach() {
        let owner = TransferOwner()
        let proxy = TransferProxy()
        #expect(proxy.attach(to: owner) === proxy)
        #expect(TransferProxy.existingProxy(for: owner) === proxy)
        // Attaching never replaces the proxy already attached.
        #expect(TransferProxy().attach(to: owner) === proxy)
        // Installing finds the attached proxy.
        #expect(TransferProxy.proxy(for: owner, delegate: \.delegate) === proxy)
    }

    @Test("an object that reuses the address of an ended one never sees the ended one's proxy")
    func addressReuse() {
        var reuses = 0
        for _ in 0..<1_000 where reuses < 3 {
            weak var weakProxy: TransferProxy?
            let address: ObjectIdentifier
            do {
                let owner = TransferOwner()
                let proxy = TransferProxy.proxy(for: owner, delegate: \.delegate)
                #expect(TransferProxy.existingProxy(for: owner) === proxy)
                weakProxy = proxy
                address = ObjectIdentifier(owner)
            }
            // Before the sweep the ended owner's entry is still in the side
            // table (where objects are native Swift ones it also keeps the
            // address from being handed out); a newcomer sees no proxy.
            let early = TransferOwner()
            guard TransferProxy.existingProxy(for: early) == nil else {
                Issue.record("a new object saw an ended object's proxy before the sweep")
                break
            }
            // After the sweep the allocator may hand the address out again:
            // usually at once, to the next object of the same size. (The
            // sweep runs in a `sync` block of the end-of-life queue, which
            // dispatch runs on this thread when it can, so that what it
            // frees goes back to this thread's allocator cache.)
            releaseEndedObjects()
            guard weakProxy == nil else {
                Issue.record("the sweep never released the ended owner's proxy")
                break
            }
            // Objects of the same size freed just after it (the side-table
            // entry, for one) come back first: allocate a few, keeping each.
            var candidates: [TransferOwner] = []
            for _ in 0..<16 {
                let candidate = TransferOwner()
                candidates.append(candidate)
                #expect(TransferProxy.existingProxy(for: candidate) == nil)
                if ObjectIdentifier(candidate) == address {
                    reuses += 1
                    let fresh = TransferProxy.proxy(for: candidate, delegate: \.delegate)
                    #expect(fresh.hasHandlers(for: TransferProxy.selectors.title) == false)
                    #expect(candidate.delegate === fresh)
                    break
                }
            }
            withExtendedLifetime((early, candidates)) {}
        }
        #expect(
            reuses > 0 || runsUnderAddressSanitizer,
            "no new object took an ended owner's address, so nothing was checked")
    }

    @Test("a proxy class answers from its own declaration only, whatever another proxy of the protocol declared")
    func proxiesOfOneProtocolDoNotShareSelectors() {
        let proxy = OtherTransferProxy()
        let declaring = TransferProxy()
        let real = RecordingTransferDelegate()
        proxy.realDelegate = real
        declaring.realDelegate = real
        #expect(declaring.responds(to: TransferProxy.selectors.title))
        #expect(proxy.responds(to: TransferProxy.selectors.title) == false)
        #expect(proxy.responds(to: "title(for:)") == false)
        #expect(OtherTransferProxy.declaredSelectors.isEmpty)
        #expect(
            TransferProxy.declaredSelectors.map(\.name) == [
                "transfer(_:didProgress:)", "transferShouldStart(_:)", "transferShouldRetry(_:)", "priority(for:)",
                "title(for:)",
            ])
        #expect(proxy.realDelegate === real)
    }
}
