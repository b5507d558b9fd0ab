import ClosureKit
import Foundation

/// The base of every adapter the Foundation proxies install as an object's
/// delegate: holds the weak reference to its proxy and the protocol's
/// Objective-C selector table, and answers Foundation's `responds(to:)` on
/// Apple platforms.
///
/// Foundation asks a delegate whether it implements an optional method before
/// it sends it, and skips the method when the answer is no, as it would for a
/// hand-written delegate. An adapter answers yes exactly when its proxy has
/// closures for the method or its real delegate implements it.
///
/// The question comes as an Objective-C `Selector`, which Linux Foundation
/// does not have, so the override that receives it is the one Apple-only part;
/// it only converts the selector to its name and passes it on to
/// ``respondsToProtocolMethod(named:realDelegateResponds:)``, which every
/// platform compiles and the tests call.
///
/// Subclasses stay non-generic (on Apple platforms a generic `NSObject`
/// subclass cannot adopt an `@objc` protocol); each declares its
/// `ObjCSelectorTable` and reads its typed proxy from ``proxyObject``.
///
/// An adapter never forwards to itself: `DelegateProxy.adopt(_:objCSelectors:weakly:)`
/// makes it its proxy's `standIn`, and `realDelegate` stores nil for the
/// stand-in, so the real delegate a forwarded message reaches is never the
/// adapter (`RealDelegateStandInTests`).
class DelegateAdapter: NSObject, @unchecked Sendable {
    /// The proxy this adapter forwards to. Set once, in the proxy's
    /// initializer, before the adapter is shared. Weak: the delegating object
    /// keeps the proxy alive, the proxy keeps the adapter.
    private(set) weak var proxyObject: AnyObject?

    /// The protocol's Objective-C selectors; set with ``proxyObject``.
    private var protocolMethods: (any ProtocolMethodTable)?

    /// Makes `proxy` the proxy this adapter forwards to and `objCSelectors`
    /// the table it answers `responds(to:)` from. Called once, by
    /// `DelegateProxy.adopt(_:objCSelectors:weakly:)`.
    ///
    /// - Parameters:
    ///   - proxy: The proxy.
    ///   - objCSelectors: The protocol's methods.
    ///   - weakly: Whether to keep `proxy` in ``proxyObject``; false for an
    ///     adapter that keeps its own unretained reference and overrides
    ///     ``servedProxy`` (a weak reference would give the proxy a side
    ///     table: see `UnretainedReference`).
    final func serve<Delegate>(
        _ proxy: DelegateProxy<Delegate>, objCSelectors: ObjCSelectorTable<Delegate>, weakly: Bool
    ) {
        if weakly { proxyObject = proxy }
        protocolMethods = objCSelectors
    }

    /// The proxy `responds(to:)` asks: ``proxyObject`` unless a subclass
    /// keeps its own reference; nil once the proxy has ended.
    var servedProxy: AnyObject? { proxyObject }

    /// Whether this adapter answers the method of its protocol whose
    /// Objective-C selector is `name`, such as `parser:foundCharacters:`.
    ///
    /// - Parameters:
    ///   - name: The Objective-C selector's name.
    ///   - realDelegateResponds: Whether the real delegate given implements
    ///     that method.
    /// - Returns: True when the proxy has closures for the method or the real
    ///   delegate implements it; false when neither, or when the proxy has
    ///   ended; nil when `name` is not a method of the protocol (`NSObject`
    ///   answers for itself then).
    final func respondsToProtocolMethod(named name: String, realDelegateResponds: (AnyObject) -> Bool) -> Bool? {
        protocolMethods?.responds(to: name, proxyObject: servedProxy, realDelegateResponds: realDelegateResponds)
    }

    #if canImport(ObjectiveC)
    override func responds(to selector: Selector!) -> Bool {
        respondsToProtocolMethod(named: NSStringFromSelector(selector)) {
            ($0 as? any NSObjectProtocol)?.responds(to: selector) == true
        } ?? super.responds(to: selector)
    }
    #endif
}

/// An `ObjCSelectorTable` with its delegate type erased, so that the
/// non-generic ``DelegateAdapter`` can hold one.
protocol ProtocolMethodTable: Sendable {
    /// `ObjCSelectorTable.responds(to:proxy:realDelegateResponds:)` for a
    /// proxy known only as an object.
    func responds(to objC: String, proxyObject: AnyObject?, realDelegateResponds: (AnyObject) -> Bool) -> Bool?
}

extension ObjCSelectorTable: ProtocolMethodTable {
    func responds(to objC: String, proxyObject: AnyObject?, realDelegateResponds: (AnyObject) -> Bool) -> Bool? {
        responds(to: objC, proxy: proxyObject as? DelegateProxy<Delegate>, realDelegateResponds: realDelegateResponds)
    }
}
