import ClosureKit
import Testing

@Suite("DelegateProxy: name-based entry points")
struct DelegateProxyNamesTests {
    private func installed() -> (TransferOwner, RecordingTransferDelegate, TransferProxy) {
        let (owner, real, proxy) = installedTransferProxy()
        TransferProxy.sendEveryMessage(to: proxy)
        return (owner, real, proxy)
    }

    @Test("a closure of the right type implements a method found by its Swift name")
    func implementByName() throws {
        let (owner, _, proxy) = installed()
        let log = DelegateProxyTestLog()
        let token = try proxy.implement("transfer(_:didProgress:)") { (transfer: Transfer, fraction: Double) in
            log.append("\(fraction)")
        }
        owner.progress(0.5)
        #expect(log.all == ["0.5"])
        let title = try proxy.implement("title(for:)") { (transfer: Transfer) -> String in "named" }
        #expect(owner.title() == "named")
        withExtendedLifetime((token, title)) {}
    }

    @Test("hooks can be added by name at every position")
    func hookByName() throws {
        let (owner, _, proxy) = installed()
        let log = DelegateProxyTestLog()
        let before = try proxy.hook("title(for:)", at: .before) { (invocation: Invocation<Transfer, String>) in
            log.append("before")
        }
        let after = try proxy.hook("title(for:)", at: .after) { (invocation: Invocation<Transfer, String>) in
            log.append("after \(invocation.result!)")
        }
        let instead = try proxy.instead("title(for:)") {
            (invocation: inout InsteadInvocation<Transfer, String>) -> String in
            "named(" + invocation.proceed() + ")"
        }
        let voidInstead = try proxy.hook("transfer(_:didProgress:)", at: .instead) {
            (invocation: Invocation<(Transfer, Double), Void>) in log.append("instead progress")
        }
        #expect(owner.title() == "named(real)")
        owner.progress(1)
        #expect(log.all == ["before", "after named(real)", "instead progress"])
        withExtendedLifetime((before, after, instead, voidInstead)) {}
    }

    @Test("an unknown name throws an error naming it and the declared names")
    func unknownName() {
        let (_, _, proxy) = installed()
        let error = #expect(throws: HookError.self) {
            _ = try proxy.implement("transfer(_:didExplode:)") { (_: Transfer) in }
        }
        guard case .unknownName(let name, let owner, let known)? = error else {
            Issue.record("expected unknownName, got \(String(describing: error))")
            return
        }
        #expect(name == "transfer(_:didExplode:)")
        #expect(owner == "TransferProxy")
        #expect(known.contains("title(for:)"))
        #expect(error!.description.contains("transfer(_:didExplode:)"))
        #expect(throws: HookError.self) {
            _ = try proxy.hook("nope", at: .before) { (_: Invocation<Any, Any>) in }
        }
    }

    @Test("a closure whose type does not match throws an error naming the selector and both signatures")
    func mismatch() {
        let (_, _, proxy) = installed()
        let error = #expect(throws: HookError.self) {
            _ = try proxy.implement("title(for:)") { (count: Int) -> String in "\(count)" }
        }
        guard case .signatureMismatch(let name, let owner, let position, let expected, let given)? = error else {
            Issue.record("expected signatureMismatch, got \(String(describing: error))")
            return
        }
        #expect(name == "title(for:)")
        #expect(owner == "TransferProxy")
        #expect(position == .instead)
        #expect(expected == "(Transfer) -> String")
        #expect(given.contains("Int"))
        let text = error!.description
        #expect(
            text.contains("title(for:)") && text.contains("expected (Transfer) -> String") && text.contains("given"))
    }

    @Test("a wrong result type, or a value-returning closure at before, is a mismatch too")
    func mismatchResultAndPosition() {
        let (_, _, proxy) = installed()
        #expect(throws: HookError.self) {
            _ = try proxy.implement("title(for:)") { (transfer: Transfer) -> Int in 1 }
        }
        #expect(throws: HookError.self) {
            _ = try proxy.instead("title(for:)") { (invocation: inout InsteadInvocation<Transfer, Int>) -> Int in 0 }
        }
        #expect(throws: HookError.self) {
            _ = try proxy.hook("title(for:)", at: .instead) { (invocation: Invocation<Transfer, String>) in }
        }
        #expect(throws: HookError.self) {
            _ = try proxy.hook("title(for:)", at: .after) { (invocation: Invocation<Int, String>) in }
        }
    }

    @Test("an observer taking Invocation<Any, Any> can be attached to any method by name")
    func erasedObserver() throws {
        let (owner, _, proxy) = installed()
        let log = DelegateProxyTestLog()
        var tokens: [CancellationToken] = []
        for name in ["title(for:)", "transfer(_:didProgress:)"] {
            tokens.append(
                try proxy.hook(name, at: .after) { (invocation: Invocation<Any, Any>) in
                    log.append("\(invocation.selector.name) -> \(invocation.result.map { "\($0)" } ?? "nil")")
                })
        }
        _ = owner.title()
        owner.progress(0.5)
        #expect(log.all == ["title(for:) -> real", "transfer(_:didProgress:) -> ()"])
        tokens.forEach { $0.cancel() }
        _ = owner.title()
        #expect(log.count == 2)
    }

    @Test("selector(named:) finds declared selectors only")
    func selectorNamed() {
        let proxy = TransferProxy()
        TransferProxy.sendEveryMessage(to: proxy)
        #expect(proxy.selector(named: "title(for:)") == TransferProxy.selectors.title.erased)
        #expect(proxy.selector(named: "title") == nil)
    }

    @Test("a proxy of your own knows every method by name before its first message, in a fresh process")
    func namesKnownFromTheDeclaration() async {
        // A fresh process: no message has been sent and no selector used.
        await #expect(processExitsWith: .success) {
            let proxy = TransferProxy()
            let token = try? proxy.implement("title(for:)") { (_: Transfer) -> String in "named" }
            guard token != nil, proxy.title(for: Transfer()) == "named" else { fatalError("step 1") }
            guard proxy.selector(named: "title(for:)") == TransferProxy.selectors.title.erased else {
                fatalError("step 2")
            }
            do {
                _ = try proxy.implement("titel(for:)") { (_: Transfer) -> String in "misspelled" }
                fatalError("step 3")
            } catch let error as HookError {
                let expected = HookError.unknownName(
                    name: "titel(for:)", owner: "TransferProxy",
                    declared: TransferProxy.declaredSelectors.map(\.name))
                guard error == expected, expected.description.contains("title(for:)") else { fatalError("step 4") }
            } catch { fatalError("step 5") }
            withExtendedLifetime(token) {}
        }
    }
}

extension TransferProxy {
    /// Sends one message of each method, the first use that makes a proxy of
    /// one's own know its methods by name.
    static func sendEveryMessage(to proxy: TransferProxy) {
        let transfer = Transfer()
        proxy.transfer(transfer, didProgress: 0)
        _ = proxy.transferShouldStart(transfer)
        _ = proxy.transferShouldRetry(transfer)
        _ = proxy.priority(for: transfer)
        _ = proxy.title(for: transfer)
    }
}
