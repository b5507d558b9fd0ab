import Testing

@testable import ClosureKit

// `forward(_:_:_:default:function:call:)` takes a two-parameter method's
// object apart from its other argument: the real delegate receives both as
// they came, closures receive them as the selector's tuple. These tests send
// each kind of message through that spelling: to the real delegate, to the
// default, to a closure that answers alone, and through the engine's stages
// (before, an instead closure that proceeds with other arguments, after).

private final class Meter {
    let name: String
    init(_ name: String) { self.name = name }
}

private protocol MeterDelegate: AnyObject {
    func meter(_ meter: Meter, didRead value: Int)
    func meter(_ meter: Meter, labelFor value: Int) -> String
}

private final class MeterProxy: DelegateProxy<any MeterDelegate>, MeterDelegate, SelectorDeclaring {
    struct Selectors {
        let didRead = MethodSelector<(Meter, Int), Void>("meter(_:didRead:)")
        let labelFor = MethodSelector<(Meter, Int), String>("meter(_:labelFor:)")
    }
    static let selectors = Selectors()

    func meter(_ meter: Meter, didRead value: Int) {
        forward(Self.selectors.didRead, meter, value) { $0.meter($1, didRead: $2) }
    }
    func meter(_ meter: Meter, labelFor value: Int) -> String {
        forward(Self.selectors.labelFor, meter, value, default: "default") { $0.meter($1, labelFor: $2) }
    }
}

/// A real delegate that logs the object and the value of each message.
private final class MeterReader: MeterDelegate {
    var log: [String] = []
    func meter(_ meter: Meter, didRead value: Int) { log.append("\(meter.name) read \(value)") }
    func meter(_ meter: Meter, labelFor value: Int) -> String {
        log.append("\(meter.name) label \(value)")
        return "\(meter.name) \(value)"
    }
}

@Suite("DelegateProxy: forwarding with the object apart")
struct DelegateProxyObjectApartTests {
    @Test("with no closure, the real delegate receives the object and the value; without one, the default")
    func realDelegateAndDefault() {
        let proxy = MeterProxy()
        let meter = Meter("m")
        #expect(proxy.meter(meter, labelFor: 1) == "default")
        proxy.meter(meter, didRead: 2)
        let reader = MeterReader()
        proxy.realDelegate = reader
        #expect(proxy.meter(meter, labelFor: 3) == "m 3")
        proxy.meter(meter, didRead: 4)
        #expect(reader.log == ["m label 3", "m read 4"])
    }

    @Test("a closure that answers alone receives the object itself and the value, not the real delegate")
    func soleClosure() {
        let proxy = MeterProxy()
        let reader = MeterReader()
        proxy.realDelegate = reader
        let meter = Meter("m")
        var seen: [String] = []
        let tokens = [
            proxy.implement(MeterProxy.selectors.labelFor) { object, value in
                "\(object === meter) \(value)"
            },
            proxy.implement(MeterProxy.selectors.didRead) { object, value in seen.append("\(object.name) \(value)") },
        ]
        #expect(proxy.meter(meter, labelFor: 5) == "true 5")
        #expect(proxy.meter(Meter("other"), labelFor: 6) == "false 6")
        proxy.meter(meter, didRead: 7)
        #expect(seen == ["m 7"])
        #expect(reader.log.isEmpty)
        tokens.forEach { $0.cancel() }
        #expect(proxy.meter(meter, labelFor: 8) == "m 8")
    }

    @Test("before, an instead closure that proceeds with other arguments, and after see one message")
    func stages() {
        let proxy = MeterProxy()
        let reader = MeterReader()
        proxy.realDelegate = reader
        let meter = Meter("m")
        var log: [String] = []
        let tokens = [
            proxy.before(MeterProxy.selectors.labelFor) { invocation in
                log.append("before \(invocation.arguments.0.name) \(invocation.arguments.1)")
            },
            proxy.instead(MeterProxy.selectors.labelFor) { invocation in
                "[" + invocation.proceed(with: (Meter("changed"), invocation.arguments.1 + 1)) + "]"
            },
            proxy.after(MeterProxy.selectors.labelFor) { invocation in
                log.append("after \(invocation.result ?? "nil")")
            },
        ]
        #expect(proxy.meter(meter, labelFor: 9) == "[changed 10]")
        #expect(log == ["before m 9", "after [changed 10]"])
        #expect(reader.log == ["changed label 10"])
        withExtendedLifetime(tokens) {}
    }

    @Test("closures that do not answer leave the answer to the default, and see it")
    func observersOnly() {
        let proxy = MeterProxy()
        var results: [String] = []
        let token = proxy.after(MeterProxy.selectors.labelFor) { invocation in
            results.append("\(invocation.arguments.1) \(invocation.result ?? "nil")")
        }
        #expect(proxy.meter(Meter("m"), labelFor: 11) == "default")
        #expect(results == ["11 default"])
        withExtendedLifetime(token) {}
    }
}
