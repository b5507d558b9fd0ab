import ClosureKit
import Foundation

// Association: a read and a write, against a stored property and against the
// naive side table users write by hand (a dictionary keyed by ObjectIdentifier
// under a lock).

private final class PlainObject {
    var stored: Int = 1
}

private final class OptedInObject: Lifetime {
    let lifetimeStorage = LifetimeStorage()
}

/// The hand-written alternative: every value of every object in one
/// dictionary, keyed by object identity and then by key name, under a lock.
private final class NaiveSideTable: @unchecked Sendable {
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

/// A stored-property read behind a call the optimiser cannot remove.
@inline(never)
private func readStored(_ object: PlainObject) -> Int { object.stored }

let associationSuite = Suite(capability: "association") {
    let plain = PlainObject()
    let optedIn = OptedInObject()
    let naive = NaiveSideTable()
    naive.set(1, key: 1, on: plain)
    Association.set(1, for: countKey, on: plain)
    Association.set(1, for: countKey, on: optedIn)
    // A realistic table: other objects have values too.
    let others = (0..<1000).map { _ in PlainObject() }
    for object in others {
        naive.set(1, key: 1, on: object)
        Association.set(1, for: countKey, on: object)
    }

    let n = 200_000
    // A stored property read through a call the optimiser cannot hoist out of
    // the loop (the object varies per iteration).
    let pool = opaque((0..<1024).map { _ in PlainObject() })
    let stored = measure(operations: n) { n in
        var sum = 0
        for index in 0..<n { sum &+= readStored(pool[index & 1023]) }
        blackHole(sum)
    }
    let naiveRead = measure(operations: n) { n in
        var sum = 0
        for _ in 0..<n { sum &+= (naive.value(key: 1, on: plain) as Int?) ?? 0 }
        blackHole(sum)
    }
    let optedInRead = measure(operations: n) { n in
        var sum = 0
        for _ in 0..<n { sum &+= Association.value(for: countKey, on: optedIn) ?? 0 }
        blackHole(sum)
    }
    let plainRead = measure(operations: n) { n in
        var sum = 0
        for _ in 0..<n { sum &+= Association.value(for: countKey, on: plain) ?? 0 }
        blackHole(sum)
    }
    let naiveWrite = measure(operations: n) { n in
        for i in 0..<n { naive.set(i, key: 1, on: plain) }
    }
    let optedInWrite = measure(operations: n) { n in
        for i in 0..<n { Association.set(i, for: countKey, on: optedIn) }
    }
    let plainWrite = measure(operations: n) { n in
        for i in 0..<n { Association.set(i, for: countKey, on: plain) }
    }
    blackHole(others)

    return [
        Row(capability: "association", name: "read, object adopts Lifetime", metric: "ns/op",
            ours: optedInRead, peer: "naive side table", peerValue: naiveRead, target: .atMost(0.5)),
        Row(capability: "association", name: "read, any object", metric: "ns/op",
            ours: plainRead, peer: "naive side table", peerValue: naiveRead, target: .atMost(1.0)),
        Row(capability: "association", name: "read, object adopts Lifetime", metric: "ns/op",
            ours: optedInRead, peer: "stored property", peerValue: stored, target: nil),
        Row(capability: "association", name: "write, object adopts Lifetime", metric: "ns/op",
            ours: optedInWrite, peer: "naive side table", peerValue: naiveWrite, target: nil),
        Row(capability: "association", name: "write, any object", metric: "ns/op",
            ours: plainWrite, peer: "naive side table", peerValue: naiveWrite, target: nil),
    ]
}
