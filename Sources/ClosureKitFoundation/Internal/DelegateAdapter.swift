import Foundation

/// The base of every adapter the Foundation proxies install as an object's
/// delegate: answers Foundation's `responds(to:)` on Apple platforms.
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
class DelegateAdapter: NSObject, @unchecked Sendable {
    /// Reads the subclass's `ObjCSelectorTable` once, which declares every
    /// method of the protocol (see `DelegateProxy.declaredSelectors`): a
    /// ready-made proxy knows all its method names from its creation on,
    /// for `responds(to:)` and the name-based entry points.
    override init() {
        super.init()
        _ = respondsToProtocolMethod(named: "", realDelegateResponds: { _ in false })
    }

    /// Whether this adapter answers the method of its protocol whose
    /// Objective-C selector is `name`, such as `parser:foundCharacters:`.
    ///
    /// Each adapter overrides it with a look-up in its `ObjCSelectorTable`.
    ///
    /// - Parameters:
    ///   - name: The Objective-C selector's name.
    ///   - realDelegateResponds: Whether the real delegate given implements
    ///     that method.
    /// - Returns: True when the proxy has closures for the method or the real
    ///   delegate implements it; false when neither, or when the proxy has
    ///   ended; nil when `name` is not a method of the protocol (`NSObject`
    ///   answers for itself then).
    func respondsToProtocolMethod(named name: String, realDelegateResponds: (AnyObject) -> Bool) -> Bool? {
        nil
    }

    #if canImport(ObjectiveC)
    override func responds(to selector: Selector!) -> Bool {
        respondsToProtocolMethod(named: NSStringFromSelector(selector)) {
            ($0 as? any NSObjectProtocol)?.responds(to: selector) == true
        } ?? super.responds(to: selector)
    }
    #endif
}
