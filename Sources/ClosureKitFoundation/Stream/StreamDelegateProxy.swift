import Foundation

/// A delegate proxy for `Stream` (`InputStream` and `OutputStream`): closures
/// for `stream(_:handle:)`, with the stream's previous delegate kept as
/// ``realDelegate``.
///
/// ```swift
/// let token = input.onEvent(.hasBytesAvailable) { stream, _ in
///     let count = (stream as! InputStream).read(&buffer, maxLength: buffer.count)
///     …
/// }
/// input.schedule(in: .current, forMode: .default)
/// input.open()
/// ```
///
/// Get a stream's proxy with ``Foundation/Stream/delegateProxy``; the first
/// call installs it as the stream's delegate and keeps the previous delegate
/// (on Apple platforms, by default, the stream itself) as ``realDelegate``.
/// The stream keeps its proxy alive.
///
/// ## Threads
///
/// A stream calls its delegate on the run loop it is scheduled on, so the
/// closures run there. swift-corelibs-foundation's own streams never call
/// their delegate (it has no stream events at all); on Linux the proxy
/// serves `Stream` subclasses that report events themselves, as Foundation's
/// documentation asks of subclasses.
public final class StreamDelegateProxy: DelegateProxy<any StreamDelegate>, StreamDelegate, @unchecked Sendable {
    /// `stream(_:handle:)`: something happened on the stream.
    ///
    /// Arguments: `(stream, event)`.
    public static let handleEvent = MethodSelector<(Stream, Stream.Event), Void>("stream(_:handle:)")

    /// The one method of `StreamDelegate`.
    public override class var selectors: [AnyMethodSelector] { [handleEvent.erased] }

    /// Forwards ``handleEvent``.
    public func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
        forward(Self.handleEvent, (aStream, eventCode)) { $0.stream($1.0, handle: $1.1) }
    }
}
