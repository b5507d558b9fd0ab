import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, on an ephemeral port, that the tests
/// start and stop themselves. It never listens beyond loopback.
///
/// Routes:
/// - `/chunks`: 200 with ``chunkedBody``, written in ``chunkCount`` separate
///   writes.
/// - `/large`: 200 with ``largeBody`` (a few megabytes), for progress.
/// - `/redirect`: 302 to `/target`.
/// - `/target`: 200 with the body `arrived`.
/// - `/truncated`: announces a `Content-Length` of ``truncatedAnnouncedLength``,
///   sends ``truncatedSentLength`` bytes, then closes the connection.
/// - `/upload`: reads the request body (its `Content-Length`) and answers 200
///   with the number of bytes received.
/// - `/auth`: 401 with a Basic challenge unless the request carries
///   ``authorization``, then 200 with the body `welcome`.
/// - anything else: 404.
///
/// Every connection is answered once and closed (`Connection: close`). Every
/// blocking call is bounded: `accept` waits in `poll` with a short timeout so
/// that ``stop()`` ends the loop, and each connection has send and receive
/// timeouts.
final class LoopbackHTTPServer: @unchecked Sendable {
    static let chunkCount = 8
    static let chunkedBody: Data = pattern(length: 256 * 1024, block: 251)
    static let largeBody: Data = pattern(length: 3 * 1024 * 1024, block: 509)

    /// `length` bytes made of a `block`-byte sequence repeated (cheap to build
    /// even in a debug build under the thread sanitizer).
    private static func pattern(length: Int, block: Int) -> Data {
        let unit = Data((0..<block).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ block) })
        var data = Data(capacity: length + block)
        while data.count < length { data.append(unit) }
        return data.prefix(length)
    }
    static let truncatedAnnouncedLength = 100_000
    static let truncatedSentLength = 1_000
    /// The `Authorization` header value `/auth` accepts: user `ada`, password `lovelace`.
    static let authorization = "Basic " + Data("ada:lovelace".utf8).base64EncodedString()

    /// The port the server listens on.
    let port: UInt16
    private let listener: Int32
    private let state = NSLock()
    private var running = true
    private var requests: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting.
    init() throws {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw ServerError.system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            throw ServerError.system("bind", errno)
        }
        guard listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ServerError.system("listen", errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(descriptor, $0, &length)
            }
        }
        guard named == 0 else {
            close(descriptor)
            throw ServerError.system("getsockname", errno)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        // Build the bodies now, not inside the first request.
        _ = (Self.chunkedBody.count, Self.largeBody.count)

        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer"
        thread.start()
    }

    deinit {
        stop()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The request lines received so far, in order (for example `GET /target`).
    var receivedRequests: [String] {
        state.lock()
        defer { state.unlock() }
        return requests
    }

    /// Stops accepting and closes the listening socket; waits (bounded) for the
    /// accept loop to end. Idempotent.
    func stop() {
        state.lock()
        let wasRunning = running
        running = false
        state.unlock()
        if wasRunning {
            _ = finished.wait(timeout: .now() + 5)
            close(listener)
        }
    }

    private var isRunning: Bool {
        state.lock()
        defer { state.unlock() }
        return running
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while isRunning {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            guard ready > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let thread = Thread { [self] in serve(connection) }
            thread.name = "LoopbackHTTPServer connection"
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var noSigPipe: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSigPipe, socklen_t(MemoryLayout<Int32>.size))
        #endif

        // Read the request head: at most 64 KiB, at most 256 reads.
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        var reads = 0
        while head.range(of: terminator) == nil, head.count < 65_536, reads < 256 {
            reads += 1
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head.append(contentsOf: buffer[0..<count])
        }
        // Only the head is text: the bytes after it may be a binary body.
        guard let headEnd = head.range(of: terminator),
            let text = String(data: head[..<headEnd.lowerBound], encoding: .utf8),
            let requestLine = text.components(separatedBy: "\r\n").first
        else { return }
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return }
        let path = String(parts[1])
        state.lock()
        requests.append("\(parts[0]) \(path)")
        state.unlock()

        let headerEnd = headEnd.upperBound
        let headers = text.components(separatedBy: "\r\n").dropFirst()
        func requestHeader(_ name: String) -> String? {
            headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }

        switch path {
        case "/upload":
            if requestHeader("Expect")?.lowercased() == "100-continue" {
                send(connection, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            var body = Data(head[headerEnd...])
            let chunked = requestHeader("Transfer-Encoding")?.lowercased() == "chunked"
            let expected = Int(requestHeader("Content-Length") ?? "0") ?? 0
            let chunkedEnd = Data("0\r\n\r\n".utf8)
            var uploadReads = 0
            while uploadReads < 100_000 {
                if chunked ? body.suffix(chunkedEnd.count) == chunkedEnd : body.count >= expected { break }
                uploadReads += 1
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                body.append(contentsOf: buffer[0..<count])
            }
            let received = chunked ? Self.dechunkedLength(body) : body.count
            let reply = Data("\(received)".utf8)
            send(connection, header(status: "200 OK", length: reply.count))
            send(connection, reply)
        case "/auth":
            if requestHeader("Authorization") == Self.authorization {
                let body = Data("welcome".utf8)
                send(connection, header(status: "200 OK", length: body.count))
                send(connection, body)
            } else {
                let body = Data("who are you?".utf8)
                send(
                    connection,
                    header(
                        status: "401 Unauthorized", length: body.count,
                        extra: "WWW-Authenticate: Basic realm=\"ck\"\r\n"))
                send(connection, body)
            }
        case "/chunks":
            let body = Self.chunkedBody
            send(connection, header(status: "200 OK", length: body.count))
            let size = (body.count + Self.chunkCount - 1) / Self.chunkCount
            var offset = 0
            while offset < body.count {
                let end = min(offset + size, body.count)
                guard send(connection, body.subdata(in: offset..<end)) else { return }
                offset = end
            }
        case "/large":
            let body = Self.largeBody
            send(connection, header(status: "200 OK", length: body.count))
            send(connection, body)
        case "/redirect":
            send(connection, header(status: "302 Found", length: 0, extra: "Location: /target\r\n"))
        case "/target":
            let body = Data("arrived".utf8)
            send(connection, header(status: "200 OK", length: body.count))
            send(connection, body)
        case "/truncated":
            send(connection, header(status: "200 OK", length: Self.truncatedAnnouncedLength))
            send(connection, Data(repeating: 0x41, count: Self.truncatedSentLength))
        // Then close early: the `defer` above closes the socket.
        default:
            let body = Data("not found".utf8)
            send(connection, header(status: "404 Not Found", length: body.count))
            send(connection, body)
        }
    }

    /// The payload length of a chunked body (`size CRLF data CRLF … 0 CRLF CRLF`).
    private static func dechunkedLength(_ body: Data) -> Int {
        var index = body.startIndex
        var total = 0
        var guardCount = 0
        while index < body.endIndex, guardCount < 100_000 {
            guardCount += 1
            guard let lineEnd = body[index...].range(of: Data("\r\n".utf8)) else { break }
            let sizeText = String(decoding: body[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            total += size
            index = lineEnd.upperBound + size + 2
        }
        return total
    }

    private func header(status: String, length: Int, extra: String = "") -> Data {
        Data(
            ("HTTP/1.1 \(status)\r\nContent-Type: application/octet-stream\r\nContent-Length: \(length)\r\n"
                + "Connection: close\r\n\(extra)\r\n").utf8)
    }

    /// Writes all of `data`; false if the peer went away. Bounded by the
    /// socket's send timeout.
    @discardableResult
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                #if canImport(Darwin)
                let written = Darwin.send(connection, base + offset, raw.count - offset, 0)
                #else
                let written = Glibc.send(connection, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #endif
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    enum ServerError: Error, CustomStringConvertible {
        case system(String, Int32)

        var description: String {
            switch self {
            case .system(let call, let code): "\(call) failed with errno \(code)"
            }
        }
    }
}
