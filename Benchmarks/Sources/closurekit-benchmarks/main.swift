import Foundation

// closurekit-benchmarks [filter] [--tsv FILE]
// closurekit-benchmarks --callgrind CASE N
// closurekit-benchmarks --list-callgrind
//
// Prints one table per capability. `filter` runs only the capabilities whose
// name contains it (case-insensitive). `--tsv FILE` also writes the rows as
// tab-separated values. `--callgrind CASE N` sets up one case and runs N of
// its operations, for `Benchmarks/callgrind`, which runs it under valgrind
// twice (two values of N) and divides the difference in instructions by the
// difference in N.

// The delays suite runs last: it schedules a million delays and leaves the
// peers' 400,000 cancelled work items and tasks pending in Dispatch and the
// concurrency runtime (they hold them until their deadline, an hour away),
// with the allocator's heap fragmented. Suites measured after it ran up to
// 30% slower on paths that touch several small heap blocks per operation.
let suites: [Suite] = [
    associationSuite,
    lifetimeSuite,
    observationSuite,
    controlEventSuite,
    delegateProxySuite,
    hookPointSuite,
    aspectSuite,
    isolationSuite,
    foundationSuite,
    memorySuite,
    sequenceSuite,
    rateLimitSuite,
    clockSuite,
    delaysSuite,
]

/// The cases the callgrind script counts instructions for. Main-actor
/// isolated, as the top-level code that calls it is: the main-actor cases
/// register from the main actor and send on the main thread.
@MainActor
func callgrindCases() -> [(name: String, body: (Int) -> Void)] {
    var cases = associationReadCases() + associationWriteCases() + lifetimeCases()
    cases += delegateProxyCases() + hookPointCases() + aspectCases()
    cases += controlEventCases() + observationCases()
    cases += mainActorCases()
    cases += sequenceCases() + throttleCases() + delayPairCases() + xmlCases()
    return cases
}

var filter: String?
var tsvPath: String?
var detailsPath: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--tsv":
        guard let path = arguments.next() else {
            FileHandle.standardError.write("--tsv needs a file name\n".data(using: .utf8)!)
            exit(2)
        }
        tsvPath = path
    case "--details":
        guard let path = arguments.next() else {
            FileHandle.standardError.write("--details needs a file name\n".data(using: .utf8)!)
            exit(2)
        }
        detailsPath = path
    case "--list-callgrind":
        for item in callgrindCases() { print(item.name) }
        exit(0)
    case "--callgrind":
        guard let name = arguments.next(), let count = arguments.next().flatMap({ Int($0) }),
            let item = callgrindCases().first(where: { $0.name == name })
        else {
            FileHandle.standardError.write(
                "--callgrind needs a case name (see --list-callgrind) and a count\n".data(using: .utf8)!)
            exit(2)
        }
        item.body(count)
        exit(0)
    case "--xml-peak":
        // The child process of the memory suite.
        guard let mode = arguments.next(), let path = arguments.next() else {
            FileHandle.standardError.write("--xml-peak needs a mode and a file\n".data(using: .utf8)!)
            exit(2)
        }
        xmlPeakChild(mode: mode, path: path)
    case "--help", "-h":
        print("usage: closurekit-benchmarks [filter] [--tsv FILE] | --callgrind CASE N | --list-callgrind")
        print("capabilities: " + suites.map(\.capability).joined(separator: ", "))
        exit(0)
    default:
        filter = argument
    }
}

let selected = suites.filter { suite in
    guard let filter else { return true }
    return suite.capability.lowercased().contains(filter.lowercased())
}
if selected.isEmpty {
    FileHandle.standardError.write(
        "no capability matches '\(filter ?? "")'; capabilities: \(suites.map(\.capability).joined(separator: ", "))\n"
            .data(using: .utf8)!)
    exit(2)
}

#if DEBUG
print("warning: this is a debug build; run with -c release for meaningful figures")
#endif

var allRows: [Row] = []
for suite in selected {
    print("")
    print("## \(suite.capability)")
    let rows = suite.run()
    printTable(rows)
    allRows += rows
}

let met = allRows.filter { $0.verdict == "met" }.count
let missed = allRows.filter { $0.verdict == "missed" }.count
print("")
print("targets: \(met) met, \(missed) missed")

if let detailsPath {
    do {
        try detailedTSV(allRows).write(toFile: detailsPath, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write("could not write \(detailsPath): \(error)\n".data(using: .utf8)!)
        exit(1)
    }
}

if let tsvPath {
    do {
        try tsv(allRows).write(toFile: tsvPath, atomically: true, encoding: .utf8)
        print("wrote \(tsvPath)")
    } catch {
        FileHandle.standardError.write("could not write \(tsvPath): \(error)\n".data(using: .utf8)!)
        exit(1)
    }
}
