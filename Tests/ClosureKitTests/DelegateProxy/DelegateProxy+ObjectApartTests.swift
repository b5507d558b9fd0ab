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

// The two forwarding bodies (`DelegateProxy+Forwarding.swift`), the tuple's
// and the object-apart one, must send every message alike. The tests below
// send one script of messages, under each kind of closure, to four proxies of
// one protocol: a `DelegateProxy` and a `SendableDelegateProxy` (whose
// messages take the lock and test no bits), each in both spellings, and
// expect the same, written-out log from all four.

private final class Knob: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

private protocol KnobDelegate: AnyObject {
    func knob(_ knob: Knob, didTurn value: Int)
    func knob(_ knob: Knob, labelFor value: Int) -> String
    func knob(_ knob: Knob, titleFor value: Int) -> String
}

private struct KnobSelectors {
    let didTurn = MethodSelector<(Knob, Int), Void>("knob(_:didTurn:)")
    let labelFor = MethodSelector<(Knob, Int), String>("knob(_:labelFor:)")
    let titleFor = MethodSelector<(Knob, Int), String>("knob(_:titleFor:)", combining: .custom { $0 + "+" + $1 })
}

/// What the script needs of a proxy: its registrations of `Sendable`
/// values, which `DelegateProxy` and `SendableDelegateProxy` spell alike
/// but declare apart (so the two extensions below).
private protocol KnobProxying: KnobDelegate, SelectorDeclaring where Selectors == KnobSelectors {
    typealias Label = MethodSelector<(Knob, Int), String>
    typealias Turn = MethodSelector<(Knob, Int), Void>
    typealias Answer = @Sendable (Knob, Int) -> String
    typealias Replacer = @Sendable (Invocation<(Knob, Int), String>) -> String
    typealias Proceeding = @Sendable (inout InsteadInvocation<(Knob, Int), String>) -> String
    typealias Observer = @Sendable (Invocation<(Knob, Int), Void>) -> Void

    var realDelegate: (any KnobDelegate)? { get set }
    func answering(_ selector: Label, _ options: RegistrationOptions, _ body: @escaping Answer) -> CancellationToken
    func replacing(_ selector: Label, _ body: @escaping Replacer) -> CancellationToken
    func proceeding(_ selector: Label, _ body: @escaping Proceeding) -> CancellationToken
    func seeingBefore(_ selector: Turn, _ body: @escaping Observer) -> CancellationToken
    func seeingAfter(_ selector: Turn, _ body: @escaping Observer) -> CancellationToken
}

extension KnobProxying where Self: DelegateProxy<any KnobDelegate> {
    func answering(_ selector: Label, _ options: RegistrationOptions, _ body: @escaping Answer) -> CancellationToken {
        implement(selector, options: options) { body($0.0, $0.1) }
    }
    func replacing(_ selector: Label, _ body: @escaping Replacer) -> CancellationToken {
        replaceResult(selector) { body($0) }
    }
    func proceeding(_ selector: Label, _ body: @escaping Proceeding) -> CancellationToken {
        instead(selector) { body(&$0) }
    }
    func seeingBefore(_ selector: Turn, _ body: @escaping Observer) -> CancellationToken {
        before(selector) { body($0) }
    }
    func seeingAfter(_ selector: Turn, _ body: @escaping Observer) -> CancellationToken {
        after(selector) { body($0) }
    }
}

extension KnobProxying where Self: SendableDelegateProxy<any KnobDelegate> {
    func answering(_ selector: Label, _ options: RegistrationOptions, _ body: @escaping Answer) -> CancellationToken {
        implement(selector, options: options) { body($0.0, $0.1) }
    }
    func replacing(_ selector: Label, _ body: @escaping Replacer) -> CancellationToken {
        replaceResult(selector) { body($0) }
    }
    func proceeding(_ selector: Label, _ body: @escaping Proceeding) -> CancellationToken {
        instead(selector) { body(&$0) }
    }
    func seeingBefore(_ selector: Turn, _ body: @escaping Observer) -> CancellationToken {
        before(selector) { body($0) }
    }
    func seeingAfter(_ selector: Turn, _ body: @escaping Observer) -> CancellationToken {
        after(selector) { body($0) }
    }
}

private final class KnobTupleProxy: DelegateProxy<any KnobDelegate>, KnobProxying {
    static let selectors = KnobSelectors()

    func knob(_ knob: Knob, didTurn value: Int) {
        forward(Self.selectors.didTurn, (knob, value)) { $0.knob($1.0, didTurn: $1.1) }
    }
    func knob(_ knob: Knob, labelFor value: Int) -> String {
        forward(Self.selectors.labelFor, (knob, value), default: "default") { $0.knob($1.0, labelFor: $1.1) }
    }
    func knob(_ knob: Knob, titleFor value: Int) -> String {
        forward(Self.selectors.titleFor, (knob, value), default: "untitled") { $0.knob($1.0, titleFor: $1.1) }
    }
}

private final class KnobApartProxy: DelegateProxy<any KnobDelegate>, KnobProxying {
    static let selectors = KnobSelectors()

    func knob(_ knob: Knob, didTurn value: Int) {
        forward(Self.selectors.didTurn, knob, value) { $0.knob($1, didTurn: $2) }
    }
    func knob(_ knob: Knob, labelFor value: Int) -> String {
        forward(Self.selectors.labelFor, knob, value, default: "default") { $0.knob($1, labelFor: $2) }
    }
    func knob(_ knob: Knob, titleFor value: Int) -> String {
        forward(Self.selectors.titleFor, knob, value, default: "untitled") { $0.knob($1, titleFor: $2) }
    }
}

private final class SendableKnobTupleProxy: SendableDelegateProxy<any KnobDelegate>, KnobProxying,
    @unchecked Sendable
{
    static let selectors = KnobSelectors()

    func knob(_ knob: Knob, didTurn value: Int) {
        forward(Self.selectors.didTurn, (knob, value)) { $0.knob($1.0, didTurn: $1.1) }
    }
    func knob(_ knob: Knob, labelFor value: Int) -> String {
        forward(Self.selectors.labelFor, (knob, value), default: "default") { $0.knob($1.0, labelFor: $1.1) }
    }
    func knob(_ knob: Knob, titleFor value: Int) -> String {
        forward(Self.selectors.titleFor, (knob, value), default: "untitled") { $0.knob($1.0, titleFor: $1.1) }
    }
}

private final class SendableKnobApartProxy: SendableDelegateProxy<any KnobDelegate>, KnobProxying,
    @unchecked Sendable
{
    static let selectors = KnobSelectors()

    func knob(_ knob: Knob, didTurn value: Int) {
        forward(Self.selectors.didTurn, knob, value) { $0.knob($1, didTurn: $2) }
    }
    func knob(_ knob: Knob, labelFor value: Int) -> String {
        forward(Self.selectors.labelFor, knob, value, default: "default") { $0.knob($1, labelFor: $2) }
    }
    func knob(_ knob: Knob, titleFor value: Int) -> String {
        forward(Self.selectors.titleFor, knob, value, default: "untitled") { $0.knob($1, titleFor: $2) }
    }
}

/// A real delegate that logs each message, with the object's name, to a
/// log it shares with the closures.
private final class KnobReader: KnobDelegate {
    let log: DelegateProxyTestLog
    init(_ log: DelegateProxyTestLog) { self.log = log }

    func knob(_ knob: Knob, didTurn value: Int) { log.append("real turn \(knob.name) \(value)") }
    func knob(_ knob: Knob, labelFor value: Int) -> String {
        log.append("real label \(knob.name) \(value)")
        return "real \(knob.name) \(value)"
    }
    func knob(_ knob: Knob, titleFor value: Int) -> String {
        log.append("real title \(knob.name) \(value)")
        return "title \(knob.name) \(value)"
    }
}

/// The closures a script runs under, and the log it must leave.
enum KnobClosures: String, CaseIterable, CustomTestStringConvertible {
    case noDelegate, delegateOnly, soleAnswer, once, combined, replacedResult, voidBeforeAfter, insteadProceeds

    var testDescription: String { rawValue }

    /// The log of the script (`DelegateProxyObjectApartTests.script`), its
    /// entries joined by "; ": the real delegate's and the closures' entries,
    /// and "= answer" for each answer.
    var expected: String {
        switch self {
        case .noDelegate:
            "= default; = untitled; = default"
        case .delegateOnly:
            "real label d 1; = real d 1; real title d 2; = title d 2; real turn d 3; real label d 4; = real d 4"
        case .soleAnswer:
            "closure label d 1; = closure d 1; real title d 2; = title d 2; real turn d 3; "
                + "closure label d 4; = closure d 4"
        case .once:
            "closure label d 1; = closure d 1; real title d 2; = title d 2; real turn d 3; "
                + "real label d 4; = real d 4"
        case .combined:
            "real label d 1; = real d 1; real title d 2; closure title d 2; = title d 2+closure d 2; "
                + "real turn d 3; real label d 4; = real d 4"
        case .replacedResult:
            "real label d 1; = replaced real d 1; real title d 2; = title d 2; real turn d 3; "
                + "real label d 4; = replaced real d 4"
        case .voidBeforeAfter:
            "real label d 1; = real d 1; real title d 2; = title d 2; before d 3; real turn d 3; after d 3; "
                + "real label d 4; = real d 4"
        case .insteadProceeds:
            "real label changed 2; = [real changed 2]; real title d 2; = title d 2; real turn d 3; "
                + "real label changed 5; = [real changed 5]"
        }
    }
}

extension DelegateProxyObjectApartTests {
    @Test("both spellings, on both kinds of proxy, send each message alike", arguments: KnobClosures.allCases)
    func spellingsAgree(closures: KnobClosures) {
        #expect(Self.script(KnobTupleProxy(), closures) == closures.expected, "DelegateProxy, tuple")
        #expect(Self.script(KnobApartProxy(), closures) == closures.expected, "DelegateProxy, object apart")
        #expect(
            Self.script(SendableKnobTupleProxy(), closures) == closures.expected, "SendableDelegateProxy, tuple")
        #expect(
            Self.script(SendableKnobApartProxy(), closures) == closures.expected,
            "SendableDelegateProxy, object apart")
    }

    /// Registers `closures` on `proxy`, then sends it a label, a title, a
    /// turn and a label again; returns the log, its entries joined by "; ".
    private static func script<Proxy: KnobProxying>(_ proxy: Proxy, _ closures: KnobClosures) -> String {
        let log = DelegateProxyTestLog()
        let reader = KnobReader(log)
        if closures != .noDelegate { proxy.realDelegate = reader }
        let selectors = Proxy.selectors
        var tokens: [CancellationToken] = []
        switch closures {
        case .noDelegate, .delegateOnly:
            break
        case .soleAnswer, .once:
            let options: RegistrationOptions = closures == .once ? .once : []
            tokens.append(
                proxy.answering(selectors.labelFor, options) { knob, value in
                    log.append("closure label \(knob.name) \(value)")
                    return "closure \(knob.name) \(value)"
                })
        case .combined:
            tokens.append(
                proxy.answering(selectors.titleFor, []) { knob, value in
                    log.append("closure title \(knob.name) \(value)")
                    return "closure \(knob.name) \(value)"
                })
        case .replacedResult:
            tokens.append(proxy.replacing(selectors.labelFor) { "replaced " + $0.result! })
        case .voidBeforeAfter:
            tokens.append(
                proxy.seeingBefore(selectors.didTurn) { invocation in
                    log.append("before \(invocation.arguments.0.name) \(invocation.arguments.1)")
                })
            tokens.append(
                proxy.seeingAfter(selectors.didTurn) { invocation in
                    log.append("after \(invocation.arguments.0.name) \(invocation.arguments.1)")
                })
        case .insteadProceeds:
            tokens.append(
                proxy.proceeding(selectors.labelFor) { invocation in
                    "[" + invocation.proceed(with: (Knob("changed"), invocation.arguments.1 + 1)) + "]"
                })
        }
        let knob = Knob("d")
        log.append("= " + proxy.knob(knob, labelFor: 1))
        log.append("= " + proxy.knob(knob, titleFor: 2))
        proxy.knob(knob, didTurn: 3)
        log.append("= " + proxy.knob(knob, labelFor: 4))
        withExtendedLifetime((reader, tokens)) {}
        return log.all.joined(separator: "; ")
    }
}
