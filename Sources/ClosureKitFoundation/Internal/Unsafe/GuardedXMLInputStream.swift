import Foundation

/// The stream a guarded `XMLParser` reads: the document's bytes, from data
/// or another stream, through an ``XMLGuardFilter``.
///
/// `XMLParser` pulls it in chunks from `parse()`; it reads its source in
/// chunks of the same size, so the document is never held whole.
///
/// Its buffer pointers are `InputStream`'s own API (`read(_:maxLength:)`),
/// not a speed choice.
final class GuardedXMLInputStream: InputStream {
    private enum Source {
        case data(Data, offset: Int)
        case stream(InputStream)
    }

    private var source: Source
    private var filter = XMLGuardFilter()
    private var ready: [UInt8] = []
    private var readyOffset = 0
    private var sourceEnded = false
    private var status = Stream.Status.notOpen
    private var error: (any Error)?

    /// Called on the parsing thread with each construct the filter blanks,
    /// before the parser sees the blanked bytes.
    var onGuarded: ((XMLGuardedConstruct) -> Void)?

    /// Called once, on the parsing thread, when the parser closes the
    /// stream: its parse is over.
    var onClose: (() -> Void)?

    /// Whether the parser has read the end of the stream: the errors it
    /// reports from then on are about where the document ends.
    private(set) var reachedEnd = false
    /// How many bytes the source gave, before the filter: zero for an empty
    /// document.
    private(set) var sourceByteCount = 0

    init(data: Data, guarding _: Void) {
        source = .data(data, offset: 0)
        super.init(data: Data())
    }

    init(stream: InputStream, guarding _: Void) {
        source = .stream(stream)
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { error }
    override var hasBytesAvailable: Bool { status == .open && (readyOffset < ready.count || !sourceEnded) }

    override func open() {
        guard status == .notOpen else { return }
        if case .stream(let stream) = source, stream.streamStatus == .notOpen { stream.open() }
        status = .open
    }

    override func close() {
        if case .stream(let stream) = source { stream.close() }
        status = .closed
        let onClose = self.onClose
        self.onClose = nil
        onClose?()
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open || status == .atEnd else { return status == .error ? -1 : 0 }
        while readyOffset == ready.count {
            if sourceEnded {
                status = .atEnd
                reachedEnd = true
                return 0
            }
            guard refill(chunk: max(length, 1)) else {
                status = .error
                return -1
            }
        }
        let count = min(length, ready.count - readyOffset)
        ready.withUnsafeBufferPointer { bytes in
            buffer.update(from: bytes.baseAddress! + readyOffset, count: count)
        }
        readyOffset += count
        return count
    }

    /// Reads the next chunk of the source through the filter; false on a
    /// read error.
    private func refill(chunk: Int) -> Bool {
        var bytes = [UInt8](repeating: 0, count: chunk)
        var count = 0
        switch source {
        case .data(let data, let offset):
            count = min(chunk, data.count - offset)
            if count > 0 {
                bytes.withUnsafeMutableBufferPointer { target in
                    data.copyBytes(to: target, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
                }
            }
            source = .data(data, offset: offset + count)
        case .stream(let stream):
            count = bytes.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: chunk) }
            if count < 0 {
                error = stream.streamError
                return false
            }
        }
        if count == 0 { sourceEnded = true }
        sourceByteCount += count
        ready = filter.filter(bytes[..<count], atEnd: sourceEnded)
        readyOffset = 0
        let guarded = filter.takeGuarded()
        if let onGuarded, !guarded.isEmpty {
            for construct in guarded { onGuarded(construct) }
        }
        // A document the guard cannot read at all fails the parse as a read
        // error, so that `parse()` returns false with it as `parserError`.
        for construct in guarded {
            guard case .unsupportedEncoding(let name) = construct.kind else { continue }
            error = NSError(
                domain: "NSXMLParserErrorDomain", code: 32, // libxml2's XML_ERR_UNSUPPORTED_ENCODING
                userInfo: [NSLocalizedDescriptionKey: "A guarded parser does not read documents in \(name)"])
            return false
        }
        return true
    }
}
