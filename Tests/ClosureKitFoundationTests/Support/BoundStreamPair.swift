import Foundation

/// A bound pair of streams: bytes written to ``output`` can be read from
/// ``input``.
///
/// On Apple platforms this is Foundation's own `Stream.getBoundStreams`, whose
/// events arrive on the run loop the streams are scheduled on; ``pump(until:)``
/// runs the current run loop (bounded) until a condition holds.
///
/// swift-corelibs-foundation has no `getBoundStreams`, and its concrete streams
/// never call their delegate. On Linux the pair is therefore made of an
/// `InputStream` and an `OutputStream` subclass that share a buffer and keep
/// the contract Foundation documents for stream subclasses: each reports
/// `openCompleted`, `hasBytesAvailable` / `hasSpaceAvailable`,
/// `endEncountered` and `errorOccurred` to its delegate, synchronously, on the
/// thread that caused the event.
struct BoundStreamPair {
    let input: InputStream
    let output: OutputStream

    init(bufferSize: Int = 1024) {
        #if canImport(Darwin)
        var input: InputStream?
        var output: OutputStream?
        Stream.getBoundStreams(withBufferSize: bufferSize, inputStream: &input, outputStream: &output)
        self.input = input!
        self.output = output!
        for stream in [self.input, self.output] as [Stream] {
            stream.schedule(in: .current, forMode: .default)
        }
        #else
        let buffer = SharedStreamBuffer(capacity: bufferSize)
        let input = BufferInputStream(buffer: buffer)
        self.input = input
        self.output = BufferOutputStream(buffer: buffer, reader: input)
        #endif
    }

    /// Runs the current run loop until `condition` holds, at most `limit`
    /// turns of 10 ms (Apple platforms); on Linux events are synchronous and
    /// this only checks `condition`.
    @discardableResult
    func pump(limit: Int = 200, until condition: () -> Bool) -> Bool {
        #if canImport(Darwin)
        var turns = 0
        while !condition(), turns < limit {
            turns += 1
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        #endif
        return condition()
    }
}

#if !canImport(Darwin)
/// The bytes in flight between the two ends.
final class SharedStreamBuffer: @unchecked Sendable {
    let capacity: Int
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var writerClosed = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    func append(_ pointer: UnsafePointer<UInt8>, count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let accepted = min(count, capacity - bytes.count)
        bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: max(0, accepted)))
        return max(0, accepted)
    }

    func take(into pointer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let count = min(maxLength, bytes.count)
        for index in 0..<count { pointer[index] = bytes[index] }
        bytes.removeFirst(count)
        return count
    }

    var available: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes.count
    }

    var isWriterClosed: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return writerClosed
        }
        set {
            lock.lock()
            writerClosed = newValue
            lock.unlock()
        }
    }
}

/// The reading end of the Linux bound pair.
final class BufferInputStream: InputStream {
    private let buffer: SharedStreamBuffer
    private var status: Stream.Status = .notOpen

    init(buffer: SharedStreamBuffer) {
        self.buffer = buffer
        super.init(data: Data())
    }

    override func open() {
        status = .open
        delegate?.stream(self, handle: .openCompleted)
        if buffer.available > 0 { delegate?.stream(self, handle: .hasBytesAvailable) }
    }

    override func close() {
        status = .closed
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { nil }
    override var hasBytesAvailable: Bool { buffer.available > 0 }

    override func read(_ pointer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard status == .open else { return status == .atEnd ? 0 : -1 }
        let count = buffer.take(into: pointer, maxLength: maxLength)
        if count == 0, buffer.isWriterClosed {
            status = .atEnd
        }
        return count
    }

    override func getBuffer(
        _ pointer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? { nil }
    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool { false }
    override func schedule(in runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    override func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {}

    /// Called by the writing end.
    func writerDidWrite() {
        guard status == .open else { return }
        delegate?.stream(self, handle: .hasBytesAvailable)
    }

    /// Called by the writing end when it closes.
    func writerDidClose() {
        guard status == .open else { return }
        if buffer.available == 0 { status = .atEnd }
        delegate?.stream(self, handle: .endEncountered)
    }
}

/// The writing end of the Linux bound pair.
final class BufferOutputStream: OutputStream {
    private let buffer: SharedStreamBuffer
    private weak var reader: BufferInputStream?
    private var status: Stream.Status = .notOpen

    init(buffer: SharedStreamBuffer, reader: BufferInputStream) {
        self.buffer = buffer
        self.reader = reader
        super.init(toMemory: ())
    }

    required init(toMemory: ()) {
        fatalError("use init(buffer:reader:)")
    }

    override func open() {
        status = .open
        delegate?.stream(self, handle: .openCompleted)
        delegate?.stream(self, handle: .hasSpaceAvailable)
    }

    override func close() {
        guard status == .open else { return }
        status = .closed
        buffer.isWriterClosed = true
        reader?.writerDidClose()
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { nil }
    override var hasSpaceAvailable: Bool { buffer.available < buffer.capacity }

    override func write(_ pointer: UnsafePointer<UInt8>, maxLength: Int) -> Int {
        guard status == .open else { return -1 }
        let count = buffer.append(pointer, count: maxLength)
        if count > 0 { reader?.writerDidWrite() }
        return count
    }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? { nil }
    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool { false }
    override func schedule(in runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    override func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
}
#endif
