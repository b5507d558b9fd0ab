@testable import ClosureKit

/// Iterates a sequence to its end and returns what it delivered. A test that
/// calls it expects the source to end the sequence; the suites' time limit
/// fails a test whose sequence never finishes.
func collectAll<Element>(_ sequence: EventSequence<Element>) async -> [Element] {
    var elements: [Element] = []
    for await element in sequence { elements.append(element) }
    return elements
}

/// Lets a test wait, without sleeping, until a consumer task has received an
/// element: the task calls `signal()`, the test awaits `next()`.
struct ReceiptSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func signal() {
        continuation.yield(())
    }

    /// Waits for `count` signals.
    func wait(for count: Int = 1) async {
        var iterator = stream.makeAsyncIterator()
        for _ in 0..<count { _ = await iterator.next() }
    }
}

/// An object whose release a test observes through a weak reference, for
/// "the registration released what it captured".
final class SequenceCapture: Sendable {
    let name: String
    init(_ name: String = "capture") { self.name = name }
}

/// Holds a weak reference that a `@Sendable` closure may read.
final class SequenceCaptureWatch: @unchecked Sendable {
    private let lock = Lock()
    // `Lock` is a bare primitive: its owner frees it.
    deinit { lock.destroy() }
    private weak var object: SequenceCapture?

    init(_ object: SequenceCapture) {
        self.object = object
    }

    var isReleased: Bool { lock.withLock { object == nil } }
}
