import ClosureKit
import Foundation
import Observation

// Async sequences: one element from a source to a consumer task that waits in
// `for await`, against the same hand-off through a bare `AsyncStream` (the
// floor: ours is an `AsyncStream` fed by a handler) and, for a property
// change, through Observation's `Observations`. Each operation is a round
// trip: the producing thread makes the change (or sends the message, or
// yields), then waits on a semaphore that the consumer task signals when the
// element arrived; both sides of a row use the same consumer loop and the same
// semaphore. Memory: resident bytes per live sequence with 10,000 alive,
// beside 10,000 `AsyncStream`s whose continuations a model keeps in an array,
// and beside 10,000 closure observations (the registration a sequence makes).

private final class SequenceModel: KeyPathObservable, @unchecked Sendable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var value = 0
}

@Observable
private final class SequenceTrackedModel: @unchecked Sendable {
    var value = 0
}

private protocol PingDelegate: AnyObject {
    func pinger(_ pinger: Pinger, didPing count: Int)
}

private final class Pinger: @unchecked Sendable {
    weak var delegate: (any PingDelegate)?
}

private final class PingProxy: DelegateProxy<any PingDelegate>, PingDelegate, SelectorDeclaring {
    struct Selectors {
        let didPing = MethodSelector<(Pinger, Int), Void>("pinger(_:didPing:)")
    }
    static let selectors = Selectors()

    func pinger(_ pinger: Pinger, didPing count: Int) {
        forward(Self.selectors.didPing, (pinger, count)) { $0.pinger($1.0, didPing: $1.1) }
    }
}

/// A consumer task that iterates `sequence` and signals each element.
private final class Consumer: @unchecked Sendable {
    let arrived = DispatchSemaphore(value: 0)
    var received = 0
    private var task: Task<Void, Never>?

    func start<S: AsyncSequence & Sendable>(_ sequence: S, value: @escaping @Sendable (S.Element) -> Int)
    where S.Element: Sendable {
        task = Task.detached { [self] in
            do {
                for try await element in sequence {
                    received &+= value(element)
                    arrived.signal()
                }
            } catch {}
        }
    }

    func stop() { task?.cancel() }
}

#if canImport(Glibc)
@_silgen_name("malloc_trim")
private func sequenceMallocTrim(_ pad: Int) -> Int32
#endif

/// Resident bytes after returning free pages to the system.
private func sequenceResidentBytes() -> Double {
    #if canImport(Glibc)
    _ = sequenceMallocTrim(0)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return 0
    #endif
}

/// Bytes per item that `make` keeps alive, `count` items at a time, over
/// `rounds` rounds that alternate between the cases.
func bytesPerLiveItem(count: Int, rounds: Int, _ cases: [(Int) -> AnyObject]) -> [Measurement] {
    var samples = Array(repeating: [Double](), count: cases.count)
    for round in 0..<rounds {
        for step in cases.indices {
            let index = (step + round) % cases.count
            let baseline = sequenceResidentBytes()
            let kept = cases[index](count)
            let live = sequenceResidentBytes()
            samples[index].append((live - baseline) / Double(count))
            withExtendedLifetime(kept) {}
        }
    }
    return samples.map(summarize)
}

/// Keeps what a memory case made alive until it is measured.
final class Kept<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

let sequenceSuite = Suite(capability: "sequences") {
    let capability = "sequences"
    var rows: [Row] = []

    // Key-path change → waiting `for await`, beside a bare AsyncStream and
    // Observations.
    let model = SequenceModel()
    let ours = Consumer()
    ours.start(model.changes(of: \.value, options: .new)) { $0.newValue! }
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let bare = Consumer()
    bare.start(stream) { $0 }
    let tracked = SequenceTrackedModel()
    let observations = Consumer()
    observations.start(Observations { tracked.value }) { $0 }
    observations.arrived.wait() // the initial value
    var next = 0
    let changeResults = interleave(
        rounds: 21,
        [
            (
                2_000,
                { n in
                    for _ in 0..<n {
                        next &+= 1
                        model.value = next
                        ours.arrived.wait()
                    }
                }
            ),
            (
                2_000,
                { n in
                    for _ in 0..<n {
                        next &+= 1
                        continuation.yield(next)
                        bare.arrived.wait()
                    }
                }
            ),
            (
                200,
                { n in
                    for _ in 0..<n {
                        next &+= 1
                        tracked.value = next
                        observations.arrived.wait()
                    }
                }
            ),
        ])
    rows.append(
        Row(
            capability: capability, name: "key-path change to a waiting for await", metric: "ns/op",
            ours: changeResults[0], peer: "AsyncStream yield to a waiting next()", peerValue: changeResults[1],
            target: .atMost(1.1)))
    // No slower than Observations, which tracks the same property change.
    rows.append(
        Row(
            capability: capability, name: "key-path change to a waiting for await", metric: "ns/op",
            ours: changeResults[0], peer: "Observations, same property change", peerValue: changeResults[2],
            target: .atMost(1.0)))
    ours.stop()
    bare.stop()
    observations.stop()
    continuation.finish()
    tracked.value = -1 // wakes Observations' consumer so that it sees the cancellation

    // Proxy message → waiting `for await`, beside a bare AsyncStream.
    let pinger = Pinger()
    let proxy = PingProxy.proxy(for: pinger, delegate: \.delegate)
    let messages = Consumer()
    messages.start(proxy.messages(for: PingProxy.selectors.didPing) { $0.arguments.1 }) { $0 }
    let (pings, pingContinuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let barePings = Consumer()
    barePings.start(pings) { $0 }
    let messageResults = interleave(
        rounds: 21,
        [
            (
                2_000,
                { n in
                    for _ in 0..<n {
                        next &+= 1
                        pinger.delegate?.pinger(pinger, didPing: next)
                        messages.arrived.wait()
                    }
                }
            ),
            (
                2_000,
                { n in
                    for _ in 0..<n {
                        next &+= 1
                        pingContinuation.yield(next)
                        barePings.arrived.wait()
                    }
                }
            ),
        ])
    rows.append(
        Row(
            capability: capability, name: "proxy message to a waiting for await", metric: "ns/op",
            ours: messageResults[0], peer: "AsyncStream yield to a waiting next()", peerValue: messageResults[1],
            target: .atMost(1.1)))
    messages.stop()
    barePings.stop()
    pingContinuation.finish()

    // Memory per live sequence, 10,000 alive at once.
    final class HandWrittenModel {
        var continuations: [AsyncStream<Int>.Continuation] = []
    }
    let memory = bytesPerLiveItem(
        count: 10_000, rounds: 7,
        [
            { count in
                let model = SequenceModel()
                return Kept((model, (0..<count).map { _ in model.changes(of: \.value) }))
            },
            { count in
                let model = HandWrittenModel()
                let streams = (0..<count).map { _ in
                    let (stream, continuation) = AsyncStream.makeStream(
                        of: Int.self, bufferingPolicy: .bufferingNewest(64))
                    model.continuations.append(continuation)
                    return stream
                }
                return Kept((model, streams))
            },
            { count in
                // The registration alone, for what the stream adds to it.
                let model = SequenceModel()
                return Kept((model, (0..<count).map { _ in model.observe(\.value, options: .new) { _, _ in } }))
            },
        ])
    rows.append(
        Row(
            capability: capability, name: "memory per live key-path change sequence (10,000 live)", metric: "bytes",
            ours: memory[0], peer: "AsyncStream, continuation kept by the model", peerValue: memory[1], target: nil))
    rows.append(
        Row(
            capability: capability, name: "memory per live key-path change sequence (10,000 live)", metric: "bytes",
            ours: memory[0], peer: "observe(_:options:_:) token, no sequence", peerValue: memory[2], target: nil))

    precondition(ours.received != 0 && messages.received != 0, "consumers did not run")
    return rows
}

/// A property whose `didSet` yields into an `AsyncStream`: what one writes
/// by hand for a stream of a property's changes.
private final class DidSetStreamModel {
    let continuation: AsyncStream<Int>.Continuation
    var value = 0 {
        didSet { continuation.yield(value) }
    }

    init(_ continuation: AsyncStream<Int>.Continuation) {
        self.continuation = continuation
    }
}

/// The sender's side of a change sequence, for the callgrind driver: a
/// key-path change buffered for a sequence that nobody awaits (it keeps the
/// newest 64), beside a `didSet` that yields into an `AsyncStream` of the same
/// policy. The timed rows above measure a hand-off to a waiting consumer,
/// which a thread's wake-up dominates; this is the part the library adds,
/// counted in instructions.
func sequenceCases() -> [(name: String, body: (Int) -> Void)] {
    let model = SequenceModel()
    let changes = model.changes(of: \.value, options: .new)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let peer = DidSetStreamModel(continuation)
    return [
        (
            "sequences.change-buffered",
            { n in
                for i in 0..<n { model.value = i }
                blackHole(changes)
            }
        ),
        (
            "sequences.peer.didset-asyncstream-yield",
            { n in
                for i in 0..<n { peer.value = i }
                blackHole(stream)
            }
        ),
    ]
}
