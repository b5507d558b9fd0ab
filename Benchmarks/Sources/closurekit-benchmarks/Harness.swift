import Foundation

// The harness: warm-up, repetitions, min and median per operation, and rows
// that put ClosureKit beside the alternative a user would reach for, measured in
// the same run. Targets are ratios (ours ÷ peer), because absolute figures on a
// shared machine prove nothing.

/// Per-operation figures of one measured case.
struct Measurement {
    var min: Double
    var median: Double
}

/// A target stated in an issue, as a bound on ours ÷ peer.
enum Target {
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
struct Row {
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
struct Suite {
    var capability: String
    var run: () -> [Row]
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

/// Times `body(n)`, which must perform `n` operations, and returns nanoseconds
/// per operation: min and median over `repetitions`, after one warm-up.
func measure(
    operations: Int,
    repetitions: Int = 11,
    _ body: (Int) -> Void
) -> Measurement {
    body(max(1, operations / 10))  // warm-up
    var samples: [Double] = []
    samples.reserveCapacity(repetitions)
    for _ in 0..<repetitions {
        let start = now()
        body(operations)
        let end = now()
        samples.append(Double(end - start) / Double(operations))
    }
    samples.sort()
    return Measurement(min: samples[0], median: samples[samples.count / 2])
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
    let headers = ["case", "metric", "ours min", "ours med", "peer", "peer min", "peer med", "ratio", "target", "verdict"]
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
