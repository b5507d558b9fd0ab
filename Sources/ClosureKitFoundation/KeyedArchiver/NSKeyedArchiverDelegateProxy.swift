import Foundation

/// A delegate proxy for `NSKeyedArchiver`: closures for every method of
/// `NSKeyedArchiverDelegate`, with the archiver's previous delegate kept as
/// `realDelegate`.
///
/// ```swift
/// let archiver = NSKeyedArchiver(requiringSecureCoding: false)
/// let proxy = NSKeyedArchiverDelegateProxy.proxy(for: archiver)
/// let token = proxy.implement(NSKeyedArchiverDelegateProxy.selectors.willEncode) { _, object in
///     (object as? Secret).map { _ in "redacted" as NSString } ?? object   // substitute before encoding
/// }
/// archiver.encode(model, forKey: NSKeyedArchiveRootObjectKey)
/// ```
///
/// On swift-corelibs-foundation the protocol's methods have no default
/// implementations, so a hand-written delegate must implement all five; a
/// proxy answers the ones you do not care about with Foundation's defaults.
///
/// ## Combining rule
///
/// ``Selectors-swift.struct/willEncode`` returns the object to encode in place of the one given:
/// **closure wins** (the closure answers; an `instead` closure can ask the
/// real delegate with `invocation.proceed()`); with neither closure nor real
/// delegate, the object itself, unchanged. The other methods return nothing.
///
/// ## Threads
///
/// The archiver calls its delegate on the thread that encodes.
///
/// ## The archiver's delegate object
///
/// On Apple platforms `NSKeyedArchiverDelegate` refines `NSObjectProtocol`, so
/// the object the archiver holds (``archiverDelegate``) is a small internal
/// `NSObject` that forwards to this proxy, on every platform alike.
public final class NSKeyedArchiverDelegateProxy: DelegateProxy<any NSKeyedArchiverDelegate>, SelectorDeclaring {
    /// The methods of `NSKeyedArchiverDelegate`, one selector each.
    public struct Selectors: Sendable {
        /// `archiver(_:willEncode:)`: the archiver is about to encode an object;
        /// answer the object to encode instead (or the same one; nil encodes nil).
        ///
        /// Arguments: `(archiver, object)`. Closure wins; default: `object`.
        public let willEncode = MethodSelector<(NSKeyedArchiver, Any), Any?>(
            "archiver(_:willEncode:)", objC: "archiver:willEncodeObject:")

        /// `archiver(_:didEncode:)`: an object was encoded.
        ///
        /// Arguments: `(archiver, object)`.
        public let didEncode = MethodSelector<(NSKeyedArchiver, Any?), Void>(
            "archiver(_:didEncode:)", objC: "archiver:didEncodeObject:")

        /// `archiver(_:willReplace:withObject:)`: one object is being substituted
        /// for another.
        ///
        /// Arguments: `(archiver, object, newObject)`.
        public let willReplace = MethodSelector<(NSKeyedArchiver, Any?, Any?), Void>(
            "archiver(_:willReplace:withObject:)", objC: "archiver:willReplaceObject:withObject:")

        /// `archiverWillFinish(_:)`: encoding is about to finish.
        ///
        /// Arguments: the archiver.
        public let willFinish = MethodSelector<NSKeyedArchiver, Void>(
            "archiverWillFinish(_:)", objC: "archiverWillFinish:")

        /// `archiverDidFinish(_:)`: encoding finished.
        ///
        /// Arguments: the archiver.
        public let didFinish = MethodSelector<NSKeyedArchiver, Void>(
            "archiverDidFinish(_:)", objC: "archiverDidFinish:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    /// Creates a proxy that is not installed on any archiver.
    public required init() {
        super.init()
        NSKeyedArchiverDelegateAdapter().serve(self)
    }

    /// The object an archiver holds as its delegate: it forwards every
    /// message to this proxy. ``proxy(for:)`` installs it.
    public var archiverDelegate: any NSKeyedArchiverDelegate { servingAdapter }

    /// The proxy of `archiver`, created and installed as its delegate the
    /// first time; the previous delegate becomes `realDelegate`.
    ///
    /// - Parameter archiver: The archiver.
    /// - Returns: The installed proxy; the archiver keeps it alive.
    public static func proxy(for archiver: NSKeyedArchiver) -> NSKeyedArchiverDelegateProxy {
        proxy(for: archiver, getDelegate: { archiver.delegate }, setDelegate: { archiver.delegate = $0 })
    }

    /// Removes the proxy from `archiver` and makes its `realDelegate` the
    /// archiver's delegate again. Does nothing if no proxy is installed.
    ///
    /// - Parameter archiver: The archiver.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall(from archiver: NSKeyedArchiver) -> NSKeyedArchiverDelegateProxy? {
        uninstall(from: archiver, setDelegate: { archiver.delegate = $0 })
    }
}

/// What an `NSKeyedArchiver` holds as its delegate: forwards to its proxy,
/// never to itself.
final class NSKeyedArchiverDelegateAdapter: DelegateProxyAdapter, NSKeyedArchiverDelegate, ProxyServingAdapter {
    typealias Proxy = NSKeyedArchiverDelegateProxy

    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? {
        // Implemented, its answer (nil too) replaces the object; not, the object stays.
        send(Proxy.selectors.willEncode, (archiver, object), default: object) { $0.archiver(_:willEncode:) }
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {
        send(Proxy.selectors.didEncode, (archiver, object)) { $0.archiver(_:didEncode:) }
    }

    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {
        send(Proxy.selectors.willReplace, (archiver, object, newObject)) { $0.archiver(_:willReplace:withObject:) }
    }

    func archiverWillFinish(_ archiver: NSKeyedArchiver) {
        send(Proxy.selectors.willFinish, archiver) { $0.archiverWillFinish(_:) }
    }

    func archiverDidFinish(_ archiver: NSKeyedArchiver) {
        send(Proxy.selectors.didFinish, archiver) { $0.archiverDidFinish(_:) }
    }
}
