import Foundation

/// A delegate proxy for `NSKeyedUnarchiver`: closures for every method of
/// `NSKeyedUnarchiverDelegate`, with the unarchiver's previous delegate kept
/// as `realDelegate`.
///
/// ```swift
/// let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
/// let proxy = NSKeyedUnarchiverDelegateProxy.proxy(for: unarchiver)
/// let token = proxy.implement(NSKeyedUnarchiverDelegateProxy.selectors.cannotDecodeClass) { _, name, _ in
///     name == "OldModel" ? NewModel.self : nil        // map a renamed class
/// }
/// ```
///
/// On swift-corelibs-foundation the protocol's methods have no default
/// implementations; a proxy answers the ones you do not handle with
/// Foundation's defaults.
///
/// ## Combining rules
///
/// - ``Selectors-swift.struct/cannotDecodeClass`` (which class to use for an unknown class name):
///   **first non-nil, closure first**. Both are asked, the real delegate
///   first; the closure's class unless nil, else the real delegate's; with
///   neither, nil (decoding fails).
/// - ``Selectors-swift.struct/didDecode`` (the object to use in place of the one decoded): **closure
///   wins** (an `instead` closure can ask the real delegate with
///   `invocation.proceed()`); with neither, the decoded object unchanged.
///
/// The other methods return nothing.
///
/// ## Threads
///
/// The unarchiver calls its delegate on the thread that decodes.
///
/// ## The unarchiver's delegate object
///
/// On Apple platforms `NSKeyedUnarchiverDelegate` refines `NSObjectProtocol`,
/// so the object the unarchiver holds (``unarchiverDelegate``) is a small
/// internal `NSObject` that forwards to this proxy, on every platform alike.
public final class NSKeyedUnarchiverDelegateProxy: DelegateProxy<any NSKeyedUnarchiverDelegate>, SelectorDeclaring {
    /// The methods of `NSKeyedUnarchiverDelegate`, one selector each.
    public struct Selectors: Sendable {
        /// `unarchiver(_:cannotDecodeObjectOfClassName:originalClasses:)`: the
        /// archive names a class this process does not have; answer a class to
        /// decode it with, or nil.
        ///
        /// Arguments: `(unarchiver, name, classNames)`. First non-nil, closure
        /// first; default nil.
        public let cannotDecodeClass = MethodSelector<(NSKeyedUnarchiver, String, [String]), AnyClass?>(
            "unarchiver(_:cannotDecodeObjectOfClassName:originalClasses:)",
            objC: "unarchiver:cannotDecodeObjectOfClassName:originalClasses:",
            combining: .custom { realDelegate, closure in closure ?? realDelegate })

        /// `unarchiver(_:didDecode:)`: an object was decoded; answer the object to
        /// use in its place (or the same one).
        ///
        /// Arguments: `(unarchiver, object)`. Closure wins; default: `object`.
        public let didDecode = MethodSelector<(NSKeyedUnarchiver, Any?), Any?>(
            "unarchiver(_:didDecode:)", objC: "unarchiver:didDecodeObject:")

        /// `unarchiver(_:willReplace:with:)`: one object is being substituted for
        /// another.
        ///
        /// Arguments: `(unarchiver, object, newObject)`.
        public let willReplace = MethodSelector<(NSKeyedUnarchiver, Any, Any), Void>(
            "unarchiver(_:willReplace:with:)", objC: "unarchiver:willReplaceObject:withObject:")

        /// `unarchiverWillFinish(_:)`: decoding is about to finish.
        ///
        /// Arguments: the unarchiver.
        public let willFinish = MethodSelector<NSKeyedUnarchiver, Void>(
            "unarchiverWillFinish(_:)", objC: "unarchiverWillFinish:")

        /// `unarchiverDidFinish(_:)`: decoding finished.
        ///
        /// Arguments: the unarchiver.
        public let didFinish = MethodSelector<NSKeyedUnarchiver, Void>(
            "unarchiverDidFinish(_:)", objC: "unarchiverDidFinish:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    /// Creates a proxy that is not installed on any unarchiver.
    public required init() {
        super.init()
        NSKeyedUnarchiverDelegateAdapter().serve(self)
    }

    /// The object an unarchiver holds as its delegate: it forwards every
    /// message to this proxy. ``proxy(for:)`` installs it.
    public var unarchiverDelegate: any NSKeyedUnarchiverDelegate { servingAdapter }

    /// The proxy of `unarchiver`, created and installed as its delegate the
    /// first time; the previous delegate becomes `realDelegate`.
    ///
    /// - Parameter unarchiver: The unarchiver.
    /// - Returns: The installed proxy; the unarchiver keeps it alive.
    public static func proxy(for unarchiver: NSKeyedUnarchiver) -> NSKeyedUnarchiverDelegateProxy {
        proxy(for: unarchiver, getDelegate: { unarchiver.delegate }, setDelegate: { unarchiver.delegate = $0 })
    }

    /// Removes the proxy from `unarchiver` and makes its `realDelegate` the
    /// unarchiver's delegate again. Does nothing if no proxy is installed.
    ///
    /// - Parameter unarchiver: The unarchiver.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall(from unarchiver: NSKeyedUnarchiver) -> NSKeyedUnarchiverDelegateProxy? {
        uninstall(from: unarchiver, setDelegate: { unarchiver.delegate = $0 })
    }
}

/// What an `NSKeyedUnarchiver` holds as its delegate: forwards to its proxy,
/// never to itself.
final class NSKeyedUnarchiverDelegateAdapter: DelegateProxyAdapter, NSKeyedUnarchiverDelegate, ProxyServingAdapter {
    typealias Proxy = NSKeyedUnarchiverDelegateProxy

    func unarchiver(
        _ unarchiver: NSKeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
        originalClasses classNames: [String]
    ) -> AnyClass? {
        send(Proxy.selectors.cannotDecodeClass, (unarchiver, name, classNames), default: nil) {
            $0.unarchiver(_:cannotDecodeObjectOfClassName:originalClasses:)
        }
    }

    func unarchiver(_ unarchiver: NSKeyedUnarchiver, didDecode object: Any?) -> Any? {
        // Implemented, its answer (nil too) replaces the object; not, the object stays.
        send(Proxy.selectors.didDecode, (unarchiver, object), default: object) { $0.unarchiver(_:didDecode:) }
    }

    func unarchiver(_ unarchiver: NSKeyedUnarchiver, willReplace object: Any, with newObject: Any) {
        send(Proxy.selectors.willReplace, (unarchiver, object, newObject)) { $0.unarchiver(_:willReplace:with:) }
    }

    func unarchiverWillFinish(_ unarchiver: NSKeyedUnarchiver) {
        send(Proxy.selectors.willFinish, unarchiver) { $0.unarchiverWillFinish(_:) }
    }

    func unarchiverDidFinish(_ unarchiver: NSKeyedUnarchiver) {
        send(Proxy.selectors.didFinish, unarchiver) { $0.unarchiverDidFinish(_:) }
    }
}
