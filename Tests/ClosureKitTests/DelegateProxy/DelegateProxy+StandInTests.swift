import ClosureKit
import Testing

/// A protocol that only subclasses of `ThermostatBase` can adopt: a proxy cannot be
/// its delegate, a stand-in can.
class ThermostatBase {}

protocol ThermostatDelegate: ThermostatBase {
    func thermostat(_ thermostat: Thermostat, didMeasure value: Int)
    func thermostatShouldStart(_ thermostat: Thermostat) -> Bool
}

final class Thermostat {
    weak var delegate: (any ThermostatDelegate)?
}

final class ThermostatProxy: DelegateProxy<any ThermostatDelegate>, SelectorDeclaring {
    struct Selectors {
        let didMeasure = MethodSelector<(Thermostat, Int), Void>(
            "thermostat(_:didMeasure:)", objC: "thermostat:didMeasure:")
        let shouldStart = MethodSelector<Thermostat, Bool>("thermostatShouldStart(_:)", objC: "thermostatShouldStart:")
    }
    static let selectors = Selectors()

    let standInObject = ThermostatStandIn()

    required init() {
        super.init()
        standInObject.proxy = self
        setStandIn(standInObject)
    }
}

/// Adopts the protocol and forwards to its proxy, which it holds weakly here.
final class ThermostatStandIn: ThermostatBase, ThermostatDelegate, DelegateProxyStandIn {
    weak var proxy: ThermostatProxy?
    private(set) var endings = 0

    func proxyDidEnd() {
        endings += 1
        proxy = nil
    }

    func thermostat(_ thermostat: Thermostat, didMeasure value: Int) {
        proxy?.forward(ThermostatProxy.selectors.didMeasure, (thermostat, value)) {
            $0.thermostat($1.0, didMeasure: $1.1)
        }
    }
    func thermostatShouldStart(_ thermostat: Thermostat) -> Bool {
        proxy?.forward(ThermostatProxy.selectors.shouldStart, thermostat, default: true) {
            $0.thermostatShouldStart($1)
        } ?? true
    }
}

final class ThermostatRecorder: ThermostatBase, ThermostatDelegate {
    var values: [Int] = []
    func thermostat(_ thermostat: Thermostat, didMeasure value: Int) { values.append(value) }
    func thermostatShouldStart(_ thermostat: Thermostat) -> Bool { false }
}

/// A stand-in is what installation makes the delegate, what `realDelegate`
/// refuses, and is told when its proxy ends.
@Suite("DelegateProxy: a stand-in delegate")
struct DelegateProxyStandInTests {
    @Test("installation makes the stand-in the delegate and keeps the previous one as the real delegate")
    func installation() throws {
        let thermostat = Thermostat()
        let recorder = ThermostatRecorder()
        thermostat.delegate = recorder
        let proxy = ThermostatProxy.proxy(for: thermostat, delegate: \.delegate)
        #expect(thermostat.delegate === proxy.standInObject)
        #expect(proxy.standIn === proxy.standInObject)
        #expect(proxy.realDelegate === recorder)
        #expect(ThermostatProxy.proxy(for: thermostat, delegate: \.delegate) === proxy)

        let seen = DelegateProxyTestLog()
        let token = proxy.after(ThermostatProxy.selectors.didMeasure) { seen.append("after \($0.arguments.1)") }
        thermostat.delegate?.thermostat(thermostat, didMeasure: 3)
        #expect(recorder.values == [3])
        #expect(seen.all == ["after 3"])
        #expect(thermostat.delegate?.thermostatShouldStart(thermostat) == false)

        #expect(ThermostatProxy.uninstall(from: thermostat, delegate: \.delegate) === proxy)
        #expect(thermostat.delegate === recorder)
        withExtendedLifetime(token) {}
    }

    @Test("the stand-in as the real delegate stores nil, as the proxy itself does; another proxy's is kept")
    func standInIsNeverTheRealDelegate() {
        let proxy = ThermostatProxy()
        let other = ThermostatProxy()
        proxy.realDelegate = proxy.standInObject
        #expect(proxy.realDelegate == nil)
        proxy.realDelegate = other.standInObject
        #expect(proxy.realDelegate === other.standInObject)
        // Its own stand-in is refused again after another real delegate.
        proxy.realDelegate = proxy.standInObject
        #expect(proxy.realDelegate == nil)
    }

    @Test("the stand-in is told once, as its proxy ends, and forwards nothing after")
    func toldWhenTheProxyEnds() {
        var proxy: ThermostatProxy? = ThermostatProxy()
        let standIn = proxy!.standInObject
        #expect(standIn.endings == 0)
        proxy = nil
        #expect(standIn.endings == 1)
        #expect(standIn.proxy == nil)
        #expect(standIn.thermostatShouldStart(Thermostat()))
    }

    @Test("declaredSelector(objCName:) finds a declared selector by its Objective-C name, and only those")
    func declaredSelectorByObjCName() {
        #expect(
            ThermostatProxy.declaredSelector(objCName: "thermostat:didMeasure:")
                == ThermostatProxy.selectors.didMeasure.erased)
        #expect(
            ThermostatProxy.declaredSelector(objCName: "thermostatShouldStart:")?.name == "thermostatShouldStart(_:)")
        #expect(ThermostatProxy.declaredSelector(objCName: "thermostat(_:didMeasure:)") == nil)
        #expect(ThermostatProxy.declaredSelector(objCName: "thermostatDidStop:") == nil)
    }

    @Test("a second stand-in stops the program, naming the proxy")
    func secondStandInTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let proxy = ThermostatProxy()
            proxy.setStandIn(ThermostatStandIn())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains("ThermostatProxy already has a stand-in, a ThermostatStandIn; a proxy has one"),
            "\(message)")
    }
}
