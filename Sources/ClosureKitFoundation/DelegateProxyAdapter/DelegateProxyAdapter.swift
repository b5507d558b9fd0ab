import ClosureKit
import Foundation

/// The base of an `NSObject` that an object holds as its delegate in place of
/// a ``DelegateProxy``, and that forwards each message of the protocol to the
/// proxy: how a proxy serves a delegate protocol that Objective-C calls.
///
/// On Apple platforms the delegate protocols of Apple's frameworks
/// (`UITextFieldDelegate`, `XMLParserDelegate`, …) are `@objc` protocols that
/// refine `NSObjectProtocol`, which only an `NSObject` subclass can adopt, and
/// a generic class such as a `DelegateProxy` subclass cannot adopt an `@objc`
/// protocol at all. So the proxy declares the protocol's methods and holds the
/// closures, and a small non-generic subclass of this class adopts the
/// protocol and forwards each method to the proxy. Every ready-made proxy of
/// ClosureKitFoundation is built this way, on every platform alike.
///
/// The proxy owns its adapter and makes it its stand-in with ``serve(_:)``,
/// in its initializer; installation then makes the adapter the object's
/// delegate, and `realDelegate` stores nil for it, so that a message can
/// never loop. Each protocol method of the adapter is one ``withProxy(_:_:)``
/// around the proxy's `forward`:
///
/// ```swift
/// final class CommentsProxy: DelegateProxy<any XMLParserDelegate>, SelectorDeclaring {
///     struct Selectors {
///         let foundComment = MethodSelector<(XMLParser, String), Void>(
///             "parser(_:foundComment:)", objC: "parser:foundComment:")
///     }
///     static let selectors = Selectors()
///
///     let adapter = CommentsAdapter()
///
///     required init() {
///         super.init()
///         adapter.serve(self)
///     }
/// }
///
/// final class CommentsAdapter: DelegateProxyAdapter, XMLParserDelegate {
///     func parser(_ parser: XMLParser, foundComment comment: String) {
///         withProxy(CommentsProxy.self) { proxy in
///             proxy.forward(CommentsProxy.selectors.foundComment, (parser, comment)) {
///                 optionalMethod($0.parser(_:foundComment:))?($1.0, $1.1)
///             }
///         }
///     }
/// }
///
/// let proxy = CommentsProxy.proxy(for: parser, delegate: \.delegate)
/// let token = proxy.implement(CommentsProxy.selectors.foundComment) { _, comment in print(comment) }
/// ```
///
/// ## Answering `responds(to:)`
///
/// Before it sends an optional method, Objective-C code asks its delegate
/// `responds(to:)`, and skips the method when the answer is no (UIKit asks
/// when the delegate is set, and keeps the answers). An adapter answers from
/// its proxy's declaration: for the Objective-C name of a method the proxy
/// declares (``MethodSelector/objCName``), yes exactly when the proxy has a
/// closure for the method or its real delegate implements it; for any other
/// name, `NSObject` answers (yes for the methods the class implements
/// itself). So every selector of a served proxy must be declared with its
/// Objective-C name, and no name twice: ``serve(_:)`` checks the declaration
/// once per proxy class, and stops the program with a message that names the
/// selectors at fault.
///
/// The question arrives as an Objective-C `Selector`, which Linux does not
/// have; the override that receives it only takes its name and passes it to
/// ``respondsToMethod(objCName:realDelegateResponds:)``, which every
/// platform compiles, so that tests check the answers on Linux too.
///
/// ## Lifetime and threads
///
/// The proxy keeps its adapter alive; the adapter holds its proxy weakly, so
/// that the two do not keep each other alive. Each message loads the proxy
/// strongly for as long as it runs: a proxy released on another thread
/// meanwhile ends after the message. Once the proxy has ended,
/// ``withProxy(_:_:)`` calls nothing and returns nil, so the adapter answers
/// as a delegate that implements nothing (give each method with a result
/// the protocol's default answer for that case), and
/// ``respondsToMethod(objCName:realDelegateResponds:)`` says no.
///
/// So keep the proxy alive while its object may send messages: an installed
/// proxy is kept alive by its object, as is one attached with
/// `DelegateProxy.attach(to:)` (do that for an object that takes its
/// delegate when it is created, such as a `URLSession`).
///
/// The adapter is not `Sendable`, like the proxy: it is called on whatever
/// thread or actor the delegating object calls its delegate. A subclass that
/// adopts a protocol that requires `Sendable` (as `URLSessionDelegate`
/// does on Linux) states it itself.
open class DelegateProxyAdapter: NSObject, DelegateProxyStandIn {
    /// The proxy this adapter forwards to, set by ``serve(_:)``. Weak: the
    /// proxy owns its adapter.
    private weak var served: AnyObject?

    /// ``served``, loaded strongly, for ``withProxy(_:_:)``.
    @usableFromInline
    final var servedProxy: AnyObject? { served }

    /// Answers for the served proxy, with its delegate type known.
    private var answerer: (any ObjCAnswering)?

    /// Creates an adapter that serves no proxy yet; its proxy calls
    /// ``serve(_:)`` in its initializer.
    public override init() {
        super.init()
    }

    /// Makes this adapter the stand-in of `proxy`: the object that
    /// installation makes the delegate (see `DelegateProxy.standIn`), that
    /// forwards each message to `proxy`, and that answers `responds(to:)`
    /// from `proxy`'s declared selectors.
    ///
    /// Call it once, from the proxy's initializer, after `super.init()`:
    ///
    /// ```swift
    /// required init() {
    ///     super.init()
    ///     adapter.serve(self)
    /// }
    /// ```
    ///
    /// - Parameter proxy: The proxy that owns this adapter.
    /// - Precondition: Every selector `proxy` declares has an Objective-C
    ///   name (`MethodSelector(_:objC:combining:)`), no two the same; the
    ///   adapter serves no proxy yet; `proxy` has no stand-in yet.
    public final func serve<Delegate>(_ proxy: DelegateProxyBase<Delegate>) {
        precondition(
            answerer == nil,
            "\(Self.self) already serves a proxy; an adapter serves one (asked to serve a \(type(of: proxy)))")
        ObjCNames.requireComplete(type(of: proxy))
        answerer = Answerer(proxyClass: type(of: proxy))
        served = proxy
        proxy.setStandIn(self)
    }

    /// Stops forwarding: called once by the served proxy, as it ends. From
    /// then on ``withProxy(_:_:)`` calls nothing, and the adapter answers
    /// as a delegate that implements nothing.
    public final func proxyDidEnd() {
        served = nil
    }

    /// Calls `body` with the proxy this adapter serves: what each protocol
    /// method of the adapter does.
    ///
    /// ```swift
    /// func parser(_ parser: XMLParser, foundComment comment: String) {
    ///     withProxy(CommentsProxy.self) { proxy in
    ///         proxy.forward(CommentsProxy.selectors.foundComment, (parser, comment)) {
    ///             optionalMethod($0.parser(_:foundComment:))?($1.0, $1.1)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The class of the served proxy (or one of its superclasses).
    ///   - body: Sends the message through the proxy.
    /// - Returns: What `body` returned; nil, without calling it, when the
    ///   proxy has ended, was never served, or is not a `type`.
    @inlinable @inline(__always)
    public final func withProxy<Proxy: AnyObject, Result>(
        _ type: Proxy.Type, _ body: (Proxy) throws -> Result
    ) rethrows -> Result? {
        guard let proxy = servedProxy as? Proxy else { return nil }
        return try body(proxy)
    }

    /// A method of the delegate protocol as an optional function, the same
    /// expression on every platform: for the closure that sends a message to
    /// the real delegate.
    ///
    /// On Apple platforms the methods of an `@objc` protocol are
    /// `@objc optional`, so `$0.parser(_:foundComment:)` is already an
    /// optional function, nil when the real delegate does not implement the
    /// method. Foundation's protocols on Linux declare the same methods as
    /// requirements with default implementations, so there the function is
    /// never nil. Wrapped in `optionalMethod`, one line compiles on both:
    /// `optionalMethod($0.parser(_:foundComment:))?($1.0, $1.1)`. A proxy
    /// for a protocol that exists only on Apple platforms writes
    /// `$0.textFieldShouldReturn?($1)` directly.
    ///
    /// The method reference holds a copy of the real delegate: a retain and
    /// a release per message, slow on a weakly referenced object. For a
    /// message sent per event, call the method directly where the protocol
    /// has no optional methods, as ClosureKitFoundation's `XMLParser` adapter
    /// does (`#if canImport(FoundationXML)`).
    ///
    /// - Parameter method: The method, read from the real delegate.
    /// - Returns: `method`, as an optional.
    @inlinable @inline(__always)
    public final func optionalMethod<Function>(_ method: Function?) -> Function? {
        method
    }

    /// Whether this adapter answers the method whose Objective-C selector
    /// name is `objCName`, such as `"parser:foundComment:"`: what its
    /// `responds(to:)` answers on Apple platforms, for every platform to
    /// call and test.
    ///
    /// ```swift
    /// let answer = proxy.adapter.respondsToMethod(objCName: "parser:foundComment:") { _ in false }
    /// print(answer == true)   // true: a closure is registered for the method
    /// ```
    ///
    /// - Parameters:
    ///   - objCName: An Objective-C selector name.
    ///   - realDelegateResponds: Whether the real delegate it is given
    ///     implements the method; asked only when no closure answers.
    /// - Returns: For a method the served proxy declares: true when the proxy
    ///   has a closure for it or the real delegate implements it, false when
    ///   neither, or when the proxy has ended. Nil for a name the proxy does
    ///   not declare (`NSObject` answers for those).
    public final func respondsToMethod(
        objCName: String, realDelegateResponds: (AnyObject) -> Bool
    ) -> Bool? {
        guard let answerer else { return nil }
        // The served proxy, or nil once it has ended.
        return answerer.responds(to: objCName, proxy: served, realDelegateResponds: realDelegateResponds)
    }

    #if canImport(ObjectiveC)
    /// Answers from the served proxy's declared selectors for the protocol's
    /// methods (see ``respondsToMethod(objCName:realDelegateResponds:)``),
    /// and as `NSObject` does for any other selector.
    public final override func responds(to selector: Selector!) -> Bool {
        respondsToMethod(objCName: NSStringFromSelector(selector)) {
            ($0 as? any NSObjectProtocol)?.responds(to: selector) == true
        } ?? super.responds(to: selector)
    }
    #endif
}

/// Answers `responds(to:)` for a served proxy whose delegate type the
/// non-generic adapter does not know.
private protocol ObjCAnswering {
    func responds(to objCName: String, proxy: AnyObject?, realDelegateResponds: (AnyObject) -> Bool) -> Bool?
}

private struct Answerer<Delegate>: ObjCAnswering {
    /// The served proxy's class, whose declaration answers even once the
    /// proxy has ended.
    let proxyClass: DelegateProxyBase<Delegate>.Type

    func responds(to objCName: String, proxy: AnyObject?, realDelegateResponds: (AnyObject) -> Bool) -> Bool? {
        ObjCNames.responds(
            proxyClass, proxy as? DelegateProxyBase<Delegate>, to: objCName, realDelegateResponds: realDelegateResponds)
    }
}
