import Foundation

/// A delegate proxy for `Stream` (`InputStream` and `OutputStream`): closures
/// for `stream(_:handle:)`, with the stream's previous delegate kept as
/// `realDelegate`.
///
/// ```swift
/// let token = input.onEvent(.hasBytesAvailable) { stream, _ in
///     guard let input = stream as? InputStream else { return }
///     var buffer = [UInt8](repeating: 0, count: 4096)
///     let count = input.read(&buffer, maxLength: buffer.count)
///     print("read \(count) bytes")
/// }
/// input.schedule(in: .current, forMode: .default)
/// input.open()
/// ```
///
/// Get a stream's proxy with `Stream.delegateProxy`; the first
/// call installs it as the stream's delegate and keeps the previous delegate
/// (on Apple platforms, by default, the stream itself) as `realDelegate`.
/// The stream keeps its proxy alive.
///
/// ## Threads
///
/// A stream calls its delegate on the run loop it is scheduled on, so the
/// closures run there: schedule it on a run loop of the closures' isolation
/// (the main run loop for main-actor closures; see `Stream.onEvent`). The
/// proxy is a `DelegateProxy`, not `Sendable`: it shares the stream's
/// region, and so does ``streamDelegate``, so a closure that joined that
/// region (one registered on the main actor, say) cannot be
/// reached from another task. swift-corelibs-foundation's own streams never call
/// their delegate (it has no stream events at all); on Linux the proxy
/// serves `Stream` subclasses that report events themselves, as Foundation's
/// documentation asks of subclasses.
///
/// ## The stream's delegate object
///
/// On Apple platforms `StreamDelegate` refines `NSObjectProtocol`, so the
/// object the stream holds (``streamDelegate``) is a small internal
/// `NSObject` that forwards to this proxy, on every platform alike.
public final class StreamDelegateProxy: DelegateProxy<any StreamDelegate>, SelectorDeclaring {
    /// The methods of `StreamDelegate`, one selector each.
    public struct Selectors: Sendable {
        /// `stream(_:handle:)`: something happened on the stream.
        ///
        /// Arguments: `(stream, event)`.
        public let handleEvent = MethodSelector<(Stream, Stream.Event), Void>(
            "stream(_:handle:)", objC: "stream:handleEvent:")
    }

    /// The proxy's selectors, one per method of the protocol.
    public static let selectors = Selectors()

    /// Creates a proxy that is not installed on any stream.
    public required init() {
        super.init()
        StreamDelegateAdapter().serve(self)
    }

    /// The object a stream holds as its delegate: it forwards every message
    /// to this proxy. ``proxy(for:)`` installs it.
    public var streamDelegate: any StreamDelegate { servingAdapter }

    /// The proxy of `stream`, created and installed as its delegate the first
    /// time; the previous delegate becomes `realDelegate`.
    ///
    /// Asking again returns the same proxy, in the stream's region. The stream keeps
    /// its proxy alive. The same as the inherited `proxy(for:delegate:)`
    /// with `\.delegate`, and `Stream.delegateProxy`.
    ///
    /// - Parameter stream: The stream.
    /// - Returns: The installed proxy.
    public static func proxy(for stream: Stream) -> StreamDelegateProxy {
        proxy(for: stream, getDelegate: { stream.delegate }, setDelegate: { stream.delegate = $0 })
    }

    /// Removes the proxy from `stream` and makes its `realDelegate` the
    /// stream's delegate again. Does nothing if no proxy is installed.
    ///
    /// - Parameter stream: The stream.
    /// - Returns: The proxy that was removed, if any.
    @discardableResult
    public static func uninstall(from stream: Stream) -> StreamDelegateProxy? {
        uninstall(from: stream, setDelegate: { stream.delegate = $0 })
    }
}

/// What a `Stream` holds as its delegate: an `NSObject` (on Apple platforms
/// `StreamDelegate` refines `NSObjectProtocol`) that forwards to its
/// ``StreamDelegateProxy``, and never to itself.
final class StreamDelegateAdapter: DelegateProxyAdapter, StreamDelegate, ProxyServingAdapter {
    typealias Proxy = StreamDelegateProxy

    func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
        send(Proxy.selectors.handleEvent, (aStream, eventCode)) { $0.stream(_:handle:) }
    }
}
