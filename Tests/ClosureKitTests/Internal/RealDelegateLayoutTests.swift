import Testing

@testable import ClosureKit

// The self-test of the one hand-built layout in the library: a real delegate
// of a class-bound protocol type is rebuilt from its object and the witness
// table word taken from an existential of the same object
// (`RealDelegate`). If a toolchain lays class-bound existentials out
// differently, these tests fail instead of a message dispatching through the
// wrong table.

protocol LayoutGreeter: AnyObject {
    func greet(_ name: String) -> String
}

protocol LayoutCounter: AnyObject {
    var count: Int { get }
}

final class LayoutHost: LayoutGreeter, LayoutCounter {
    let count = 7
    func greet(_ name: String) -> String { "hello \(name)" }
}

/// `RealDelegate.witness(of:object:)` with `Delegate` bound to `type`, as a
/// proxy calls it (`Delegate` is its generic parameter): passed directly,
/// an existential argument would be opened to its concrete type.
private func witness<Delegate>(of value: Delegate, as type: Delegate.Type, object: AnyObject) -> RealDelegate.Witness? {
    RealDelegate.witness(of: value, object: object)
}

@Suite("RealDelegate: the existential layout it rebuilds")
struct RealDelegateLayoutTests {
    @Test("a one-protocol class-bound existential yields its witness, and the rebuilt value dispatches")
    func oneProtocol() {
        let host = LayoutHost()
        let delegate: any LayoutGreeter = host
        let witness = witness(of: delegate, as: (any LayoutGreeter).self, object: host)
        #expect(witness != nil)
        let real = RealDelegate(object: host, witness: witness)
        let rebuilt = real.value(as: (any LayoutGreeter).self)
        #expect(rebuilt === host)
        #expect(rebuilt.greet("swift") == "hello swift")
        // The message path's forms: borrowed from the route's reference, then
        // handed that reference.
        let route = ProxyRoute(closures: nil, removals: 0, delegate: host, witness: witness)
        #expect(route.withDelegate(as: (any LayoutGreeter).self) { $0.greet("borrowed") } == "hello borrowed")
        #expect(route.callDelegate(as: (any LayoutGreeter).self) { $0.greet("call") } == "hello call")
    }

    @Test("another protocol of the same object yields its own witness, which dispatches to it")
    func secondProtocol() {
        let host = LayoutHost()
        let counter: any LayoutCounter = host
        let greeter: any LayoutGreeter = host
        let counterWitness = witness(of: counter, as: (any LayoutCounter).self, object: host)
        #expect(counterWitness != nil)
        #expect(counterWitness != witness(of: greeter, as: (any LayoutGreeter).self, object: host))
        #expect(RealDelegate(object: host, witness: counterWitness).value(as: (any LayoutCounter).self).count == 7)
    }

    @Test("a composition, a plain AnyObject and a mismatched object yield no witness: a dynamic cast is used")
    func noWitness() {
        let host = LayoutHost()
        let composition: any LayoutGreeter & LayoutCounter = host
        #expect(witness(of: composition, as: (any LayoutGreeter & LayoutCounter).self, object: host) == nil)
        #expect(witness(of: host as AnyObject, as: AnyObject.self, object: host) == nil)
        let greeter: any LayoutGreeter = host
        #expect(witness(of: greeter, as: (any LayoutGreeter).self, object: LayoutHost()) == nil)
        let fallback = RealDelegate(object: host, witness: nil)
        #expect(fallback.value(as: (any LayoutGreeter).self).greet("cast") == "hello cast")
    }
}
