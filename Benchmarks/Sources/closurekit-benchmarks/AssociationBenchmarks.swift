import ClosureKit
import Foundation

// Association: reads and writes against the side table a competent engineer
// writes by hand (a typed `[ObjectIdentifier: Value]` under a lock), the
// weaker `Any`-valued table some write, and a stored property (the floor).
// Scaling rows read from 1k, 100k and 1M live objects, each with a value, in
// a shuffled order, so that cache misses show.

private final class PlainObject {
    var stored: Int = 1
}

private final class OptedInObject: Lifetime {
    let lifetimeStorage = LifetimeStorage()
}

/// The strongest hand-written side table: one typed dictionary per key,
/// keyed by object identity, under the same lock primitive as ours.
final class TypedSideTable<Value>: @unchecked Sendable {
    private let lock = PeerLock()
    private var values: [ObjectIdentifier: Value] = [:]

    init(capacity: Int = 0) { values.reserveCapacity(capacity) }

    func set(_ value: Value, on object: AnyObject) {
        lock.lock()
        values[ObjectIdentifier(object)] = value
        lock.unlock()
    }

    func value(on object: AnyObject) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[ObjectIdentifier(object)]
    }
}

/// The weaker hand-written table: values as `Any`, cast on every read.
private final class AnySideTable: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: [Int: Any]] = [:]

    func set(_ value: Any?, key: Int, on object: AnyObject) {
        lock.lock()
        defer { lock.unlock() }
        values[ObjectIdentifier(object), default: [:]][key] = value
    }

    func value<T>(key: Int, on object: AnyObject) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return values[ObjectIdentifier(object)]?[key] as? T
    }
}

private let countKey = AssociationKey<Int>("count")
private let scaleKey = AssociationKey<Int>("scale")

/// A stored-property read behind a call the optimiser cannot remove.
@inline(never)
private func readStored(_ object: PlainObject) -> Int { object.stored }

/// The association read cases, shared with the callgrind driver.
func associationReadCases() -> [(name: String, body: (Int) -> Void)] {
    let optedIn = OptedInObject()
    let plain = PlainObject()
    let typed = TypedSideTable<Int>()
    typed.set(1, on: plain)
    typed.set(1, on: optedIn)
    Association.set(1, for: countKey, on: plain)
    Association.set(1, for: countKey, on: optedIn)
    let others = (0..<1000).map { _ in PlainObject() }
    for object in others {
        typed.set(1, on: object)
        Association.set(1, for: countKey, on: object)
    }
    return [
        (
            "association.read.lifetime",
            { n in
                let object = opaque(optedIn)
                var sum = 0
                for _ in 0..<n { sum &+= Association.value(for: countKey, on: object) ?? 0 }
                blackHole((sum, others))
            }
        ),
        (
            "association.read.any",
            { n in
                let object = opaque(plain)
                var sum = 0
                for _ in 0..<n { sum &+= Association.value(for: countKey, on: object) ?? 0 }
                blackHole(sum)
            }
        ),
        (
            "association.peer.typed-table",
            { n in
                let object = opaque(plain)
                var sum = 0
                for _ in 0..<n { sum &+= typed.value(on: object) ?? 0 }
                blackHole(sum)
            }
        ),
    ]
}

/// The association write cases, shared with the callgrind driver.
func associationWriteCases() -> [(name: String, body: (Int) -> Void)] {
    let optedIn = OptedInObject()
    let plain = PlainObject()
    let typed = TypedSideTable<Int>()
    typed.set(1, on: plain)
    Association.set(1, for: countKey, on: plain)
    Association.set(1, for: countKey, on: optedIn)
    let others = (0..<1000).map { _ in PlainObject() }
    for object in others {
        typed.set(1, on: object)
        Association.set(1, for: countKey, on: object)
    }
    return [
        (
            "association.write.lifetime",
            { n in
                let object = opaque(optedIn)
                for index in 0..<n { Association.set(index, for: countKey, on: object) }
                blackHole(others)
            }
        ),
        (
            "association.write.any",
            { n in
                let object = opaque(plain)
                for index in 0..<n { Association.set(index, for: countKey, on: object) }
            }
        ),
        (
            "association.peer.typed-table-write",
            { n in
                let object = opaque(plain)
                for index in 0..<n { typed.set(index, on: object) }
            }
        ),
    ]
}

let associationSuite = Suite(capability: "association") {
    let capability = "association"
    let readCases = associationReadCases()
    let plain = PlainObject()
    let optedIn = OptedInObject()
    let anyTable = AnySideTable()
    anyTable.set(1, key: 1, on: plain)
    let typed = TypedSideTable<Int>()
    typed.set(1, on: plain)

    let n = 200_000
    let pool = opaque((0..<1024).map { _ in PlainObject() })
    let reads = interleave([
        (n, readCases[0].body),
        (n, readCases[1].body),
        (n, readCases[2].body),
        (
            n,
            { n in
                var sum = 0
                for _ in 0..<n { sum &+= (anyTable.value(key: 1, on: plain) as Int?) ?? 0 }
                blackHole(sum)
            }
        ),
        (
            n,
            { n in
                var sum = 0
                for index in 0..<n { sum &+= readStored(pool[index & 1023]) }
                blackHole(sum)
            }
        ),
    ])
    let (optedInRead, plainRead, typedRead, anyRead, stored) = (reads[0], reads[1], reads[2], reads[3], reads[4])

    let writeCases = associationWriteCases()
    let writes = interleave(writeCases.map { (n, $0.body) })

    var rows = [
        Row(
            capability: capability, name: "read, object adopts Lifetime", metric: "ns/op",
            ours: optedInRead, peer: "typed side table + lock", peerValue: typedRead, target: .atMost(0.5)),
        Row(
            capability: capability, name: "read, any object", metric: "ns/op",
            ours: plainRead, peer: "typed side table + lock", peerValue: typedRead, target: .atMost(1.0)),
        Row(
            capability: capability, name: "read, any object", metric: "ns/op",
            ours: plainRead, peer: "Any side table + lock + cast", peerValue: anyRead, target: nil),
        Row(
            capability: capability, name: "read, object adopts Lifetime", metric: "ns/op",
            ours: optedInRead, peer: "stored property", peerValue: stored, target: nil),
        Row(
            capability: capability, name: "write, object adopts Lifetime", metric: "ns/op",
            ours: writes[0], peer: "typed side table + lock", peerValue: writes[2], target: nil),
        Row(
            capability: capability, name: "write, any object", metric: "ns/op",
            ours: writes[1], peer: "typed side table + lock", peerValue: writes[2], target: nil),
    ]

    // Scaling: reads spread over N live objects, in a shuffled order.
    for count in [1_000, 100_000, 1_000_000] {
        let objects = (0..<count).map { _ in PlainObject() }
        let table = TypedSideTable<Int>(capacity: count)
        for (index, object) in objects.enumerated() {
            Association.set(index, for: scaleKey, on: object)
            table.set(index, on: object)
        }
        var generator = SplitMix(seed: UInt64(count))
        let order = opaque(objects.shuffled(using: &generator))
        let ops = 100_000
        var cursor = 0
        var peerCursor = 0
        let results = interleave(
            rounds: 11,
            [
                (
                    ops,
                    { n in
                        var sum = 0
                        for _ in 0..<n {
                            sum &+= Association.value(for: scaleKey, on: order[cursor]) ?? 0
                            cursor = cursor &+ 1 == order.count ? 0 : cursor &+ 1
                        }
                        blackHole(sum)
                    }
                ),
                (
                    ops,
                    { n in
                        var sum = 0
                        for _ in 0..<n {
                            sum &+= table.value(on: order[peerCursor]) ?? 0
                            peerCursor = peerCursor &+ 1 == order.count ? 0 : peerCursor &+ 1
                        }
                        blackHole(sum)
                    }
                ),
            ])
        rows.append(
            Row(
                capability: capability, name: "scaling: read, \(count.formatted) live objects", metric: "ns/op",
                ours: results[0], peer: "typed side table + lock", peerValue: results[1], target: nil))
        withExtendedLifetime(objects) {}
    }
    return rows
}

/// A small deterministic generator, so that shuffles are the same each run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Int {
    /// 1k, 100k, 1M.
    var formatted: String {
        if self >= 1_000_000 && self % 1_000_000 == 0 { return "\(self / 1_000_000)M" }
        if self >= 1_000 && self % 1_000 == 0 { return "\(self / 1_000)k" }
        return "\(self)"
    }
}
