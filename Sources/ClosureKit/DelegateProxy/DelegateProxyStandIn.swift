/// An object that a delegating object holds as its delegate in place of a
/// ``DelegateProxy``, and that forwards each message of the protocol to the
/// proxy: for a protocol that a `DelegateProxy` subclass cannot adopt itself.
///
/// On Apple platforms the delegate protocols of Apple's frameworks are
/// `@objc` protocols that refine `NSObjectProtocol`, which only an `NSObject`
/// subclass adopts, and which no generic class adopts. ClosureKitFoundation's
/// `DelegateProxyAdapter` is the stand-in for them: subclass it rather than
/// adopt this protocol yourself.
///
/// A proxy keeps its stand-in alive (``DelegateProxyBase/setStandIn(_:)``), so a
/// stand-in can reach its proxy without retaining it, which a message sent
/// per event (an `XMLParser`'s) cannot afford; the proxy tells it when it
/// ends, since an object that holds its delegate strongly can keep the
/// stand-in alive longer.
///
/// ```swift
/// final class DownloadStandIn: DelegateProxyStandIn {
///     weak var proxy: DownloadProxy?
///     func proxyDidEnd() { proxy = nil }
/// }
/// ```
public protocol DelegateProxyStandIn: AnyObject {
    /// Tells the stand-in that its proxy is ending: called once, from the
    /// proxy's deinitializer. The stand-in must not use its reference to the
    /// proxy after this; it answers as a delegate that implements nothing.
    func proxyDidEnd()
}
