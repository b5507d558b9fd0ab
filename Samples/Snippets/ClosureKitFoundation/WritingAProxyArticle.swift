// Samples of Sources/ClosureKitFoundation/ClosureKitFoundation.docc/WritingAProxy.md
// snippet.hide
import ClosureKitFoundation
import Foundation

final class Secret: NSObject, NSCoding {
    override init() {}
    required init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}
// snippet.show

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/WritingAProxy.md: the proxy
import ClosureKitFoundation
import Foundation

/// Closures for `NSKeyedArchiverDelegate`.
final class ArchiverProxy: DelegateProxy<any NSKeyedArchiverDelegate>, SelectorDeclaring {
    struct Selectors {
        let willEncode = MethodSelector<(NSKeyedArchiver, Any), Any?>(
            "archiver(_:willEncode:)", objC: "archiver:willEncodeObject:")
        let didEncode = MethodSelector<(NSKeyedArchiver, Any?), Void>(
            "archiver(_:didEncode:)", objC: "archiver:didEncodeObject:")
        let willReplace = MethodSelector<(NSKeyedArchiver, Any?, Any?), Void>(
            "archiver(_:willReplace:withObject:)", objC: "archiver:willReplaceObject:withObject:")
        let willFinish = MethodSelector<NSKeyedArchiver, Void>(
            "archiverWillFinish(_:)", objC: "archiverWillFinish:")
        let didFinish = MethodSelector<NSKeyedArchiver, Void>(
            "archiverDidFinish(_:)", objC: "archiverDidFinish:")
    }
    static let selectors = Selectors()

    /// What the archiver holds as its delegate.
    let adapter = ArchiverAdapter()

    required init() {
        super.init()
        adapter.serve(self)
    }
}

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/WritingAProxy.md: the adapter
/// An `NSObject` that adopts the protocol and forwards each method to the proxy.
final class ArchiverAdapter: DelegateProxyAdapter, NSKeyedArchiverDelegate {
    private typealias Proxy = ArchiverProxy

    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        let answer = withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.willEncode, (archiver, object), default: object) {
                // A real delegate without the method leaves the object as it is.
                guard let willEncode = optionalMethod($0.archiver(_:willEncode:)) else { return $1.1 }
                return willEncode($1.0, $1.1)
            }
        }
        return answer ?? object   // the proxy has ended: the protocol's default
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.didEncode, (archiver, object)) {
                optionalMethod($0.archiver(_:didEncode:))?($1.0, $1.1)
            }
        }
    }

    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.willReplace, (archiver, object, newObject)) {
                optionalMethod($0.archiver(_:willReplace:withObject:))?($1.0, $1.1, $1.2)
            }
        }
    }

    func archiverWillFinish(_ archiver: NSKeyedArchiver) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.willFinish, archiver) {
                optionalMethod($0.archiverWillFinish(_:))?($1)
            }
        }
    }

    func archiverDidFinish(_ archiver: NSKeyedArchiver) {
        withProxy(Proxy.self) { proxy in
            proxy.forward(Proxy.selectors.didFinish, archiver) {
                optionalMethod($0.archiverDidFinish(_:))?($1)
            }
        }
    }
}

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/WritingAProxy.md: installation
extension NSKeyedArchiver {
    /// The archiver's proxy, installed on first use.
    var archiverProxy: ArchiverProxy {
        .proxy(for: self, delegate: \.delegate)
    }
}

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/WritingAProxy.md: use
// snippet.hide
func sampleUse() throws {
// snippet.show
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    let proxy = archiver.archiverProxy
    let redact = proxy.implement(ArchiverProxy.selectors.willEncode) { _, object in
        (object as? Secret).map { _ in "redacted" as NSString } ?? object
    }
    let log = proxy.after(ArchiverProxy.selectors.didEncode) { invocation in
        print("encoded", invocation.arguments.1 ?? "nil")
    }
    archiver.encode(Secret(), forKey: "secret")
    archiver.finishEncoding()
// snippet.hide
    _ = (redact, log)
}
// snippet.show

// Sources/ClosureKitFoundation/ClosureKitFoundation.docc/WritingAProxy.md: responds(to:)
// snippet.hide
func sampleResponds(proxy: ArchiverProxy) {
// snippet.show
    // What the adapter's responds(to:) answers on Apple platforms, on every platform:
    let answer = proxy.adapter.respondsToMethod(objCName: "archiverDidFinish:") { _ in false }
    print(answer.map { "\($0)" } ?? "not one of the proxy's methods")   // "false": no closure, no real delegate
// snippet.hide
}
// snippet.show
