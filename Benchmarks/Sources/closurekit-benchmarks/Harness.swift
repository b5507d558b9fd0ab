import Foundation
#if !canImport(Darwin)
import Synchronization
#endif

// The harness: warm-up, repetitions, min and median per operation, and rows
// that put ClosureKit beside the alternative a user would reach for, measured in
// the same run. Targets are ratios (ours ÷ peer), because absolute figures on a
// shared machine prove nothing.

/// Per-operation figures of one measured case.
struct Measurement: Sendable {
    var min: Double
    var median: Double
}

/// A target stated in an issue, as a bound on ours ÷ peer.
enum Target: Sendable {
    /// ratio ≤ bound. "at least 10× faster" is `.atMost(0.1)`.
    case atMost(Double)

    func isMet(by ratio: Double) -> Bool {
        switch self {
        case .atMost(let bound): ratio <= bound
        }
    }

    var text: String {
        switch self {
        case .atMost(let bound): "<= " + format(bound)
        }
    }
}

/// One line of the table.
struct Row: Sendable {
    var capability: String
    var name: String
    var metric: String
    var ours: Measurement
    var peer: String
    var peerValue: Measurement
    var target: Target?

    var ratio: Double { peerValue.min > 0 ? ours.min / peerValue.min : .infinity }
    var verdict: String {
        guard let target else { return "-" }
        return target.isMet(by: ratio) ? "met" : "missed"
    }
}

/// A capability's benchmarks.
struct Suite: Sendable {
    var capability: String
    var run: @Sendable () -> [Row]
}

/// Keeps the optimiser from deleting work.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// Nanoseconds of a monotonic clock.
@inline(__always)
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// One side of a row: `body(n)` performs `n` operations.
typealias Case = (operations: Int, body: (Int) -> Void)

/// The fair way to compare: every case runs one batch per round, in turn
/// (A, B, A, B, ...), for `rounds` rounds after one warm-up batch each, so that
/// a machine that changes speed mid-run slows every side alike. The case that
/// goes first rotates from round to round (A, B, C; B, C, A; ...), so that no
/// side always follows `between` or the same neighbour. Returns, per
/// case, the minimum and the median nanoseconds per operation over the rounds.
/// Each side's batch takes at least a millisecond, so that the clock's
/// resolution and the loop around it do not matter: a case whose warm-up shows
/// that `operations` would take less runs more operations per batch (up to 64
/// times as many), each side on its own, since the figure is per operation.
func interleave(rounds: Int = 21, between: (() -> Void)? = nil, _ cases: [Case]) -> [Measurement] {
    var cases = cases
    for index in cases.indices { // warm-up, and batch sizes
        let warmUp = max(1, cases[index].operations / 10)
        let start = now()
        cases[index].body(warmUp)
        let perOperation = Double(now() - start) / Double(warmUp)
        let batch = perOperation * Double(cases[index].operations)
        if batch < 1_000_000 {
            let wanted = (1_000_000 / max(perOperation, 0.01)).rounded(.up)
            cases[index].operations = Int(min(wanted, Double(cases[index].operations) * 64))
        }
    }
    between?()
    var samples = Array(repeating: [Double](), count: cases.count)
    for index in samples.indices { samples[index].reserveCapacity(rounds) }
    for round in 0..<rounds {
        for step in cases.indices {
            let index = (step + round) % cases.count
            let item = cases[index]
            let start = now()
            item.body(item.operations)
            let end = now()
            samples[index].append(Double(end - start) / Double(item.operations))
        }
        between?()
    }
    return samples.map(summarize)
}

/// One case alone (for figures that have no peer in the same row).
func measure(operations: Int, repetitions: Int = 21, _ body: @escaping (Int) -> Void) -> Measurement {
    interleave(rounds: repetitions, [(operations, body)])[0]
}

/// The marginal cost of one more handler: (cost with `many` − cost with
/// `one`) ÷ (`manyCount` − `oneCount`), for the minimum and the median alike.
func perExtra(one: Measurement, many: Measurement, oneCount: Int, manyCount: Int) -> Measurement {
    let span = Double(manyCount - oneCount)
    return Measurement(min: (many.min - one.min) / span, median: (many.median - one.median) / span)
}

/// Takes samples of something that is not a duration (bytes, lateness) and
/// reduces them the same way.
func summarize(_ samples: [Double]) -> Measurement {
    let sorted = samples.sorted()
    return Measurement(min: sorted.first ?? 0, median: sorted.isEmpty ? 0 : sorted[sorted.count / 2])
}

func format(_ value: Double) -> String {
    if value.isInfinite || value.isNaN { return "\(value)" }
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    if value >= 0.01 { return String(format: "%.2f", value) }
    return String(format: "%.4f", value)
}

func printTable(_ rows: [Row]) {
    let headers = [
        "case", "metric", "ours min", "ours med", "peer", "peer min", "peer med", "ratio", "target", "verdict",
    ]
    let cells = rows.map { row in
        [
            row.name, row.metric, format(row.ours.min), format(row.ours.median), row.peer,
            format(row.peerValue.min), format(row.peerValue.median), format(row.ratio),
            row.target?.text ?? "-", row.verdict,
        ]
    }
    var widths = headers.map(\.count)
    for line in cells {
        for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func render(_ line: [String]) -> String {
        zip(line, widths).map { cell, width in cell.padding(toLength: width, withPad: " ", startingAt: 0) }
            .joined(separator: "  ")
    }
    print(render(headers))
    print(render(widths.map { String(repeating: "-", count: $0) }))
    for line in cells { print(render(line)) }
}

func tsv(_ rows: [Row]) -> String {
    var text = "capability\tcase\tmetric\tours\tpeer\tpeer_value\tratio\ttarget\tverdict\n"
    for row in rows {
        let fields = [
            row.capability, row.name, row.metric, format(row.ours.min), row.peer,
            format(row.peerValue.min), format(row.ratio), row.target?.text ?? "-", row.verdict,
        ]
        text += fields.joined(separator: "\t") + "\n"
    }
    return text
}

/// The same rows with medians too, for `Benchmarks/regenerate`: capability,
/// case, metric, ours min, ours median, peer, peer min, peer median, ratio,
/// target, verdict.
func detailedTSV(_ rows: [Row]) -> String {
    var text = "capability\tcase\tmetric\tours_min\tours_median\tpeer\tpeer_min\tpeer_median\tratio\ttarget\tverdict\n"
    for row in rows {
        let fields = [
            row.capability, row.name, row.metric, format(row.ours.min), format(row.ours.median), row.peer,
            format(row.peerValue.min), format(row.peerValue.median), format(row.ratio), row.target?.text ?? "-",
            row.verdict,
        ]
        text += fields.joined(separator: "\t") + "\n"
    }
    return text
}

/// The lock hand-written peers use: the primitive ClosureKit's own lock wraps
/// (`os_unfair_lock` on Darwin, the standard library's `Mutex` elsewhere),
/// called directly. `NSLock` would add a class method call and, on Linux,
/// more: a peer must not pay for a weaker lock than ours.
final class PeerLock: @unchecked Sendable {
    #if canImport(Darwin)
    private let primitive: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let primitive: UnsafeMutablePointer<Mutex<Void>>
    #endif

    init() {
        primitive = .allocate(capacity: 1)
        #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
        #else
        primitive.initialize(to: Mutex(()))
        #endif
    }

    deinit {
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    @inline(__always)
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        #else
        primitive.pointee._unsafeLock()
        #endif
    }

    @inline(__always)
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
        #else
        primitive.pointee._unsafeUnlock()
        #endif
    }
}
