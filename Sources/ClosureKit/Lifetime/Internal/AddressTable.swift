/// An open-addressing hash table from object addresses to values, with linear
/// probing and backward-shift deletion (no tombstones).
///
/// It exists because the side table's look-up is on the hot path of every
/// association read: hashing an address with one multiplication is several
/// times cheaper than `Dictionary`'s seeded SipHash. Not thread-safe: the
/// owner guards it.
struct AddressTable<Value> {
    private var keys: ContiguousArray<UInt>
    private var values: ContiguousArray<Value?>
    private var shift: UInt
    private(set) var count = 0

    init() {
        keys = ContiguousArray(repeating: 0, count: 16)
        values = ContiguousArray(repeating: nil, count: 16)
        shift = UInt(UInt.bitWidth - 4)
    }

    private var mask: Int { keys.count - 1 }

    @inline(__always)
    private func home(of key: UInt) -> Int {
        // Fibonacci hashing; addresses are 16-byte aligned, the multiply mixes
        // the high bits down.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value stored for `key` (a non-zero address).
    @inline(__always)
    subscript(key: UInt) -> Value? {
        var index = home(of: key)
        while true {
            let candidate = keys[index]
            if candidate == key { return values[index] }
            if candidate == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// Stores `value` for `key`, replacing any previous value.
    mutating func insert(_ value: Value, for key: UInt) {
        precondition(key != 0, "AddressTable keys are non-zero addresses")
        if (count + 1) * 4 > keys.count * 3 { grow() }
        var index = home(of: key)
        while true {
            let candidate = keys[index]
            if candidate == key {
                values[index] = value
                return
            }
            if candidate == 0 {
                keys[index] = key
                values[index] = value
                count += 1
                return
            }
            index = (index &+ 1) & mask
        }
    }

    /// Removes and returns the value stored for `key`.
    @discardableResult
    mutating func remove(_ key: UInt) -> Value? {
        var index = home(of: key)
        while true {
            let candidate = keys[index]
            if candidate == 0 { return nil }
            if candidate == key { break }
            index = (index &+ 1) & mask
        }
        let removed = values[index]
        // Backward-shift: pull later members of the probe run into the hole.
        var hole = index
        var next = (hole &+ 1) & mask
        while keys[next] != 0 {
            let ideal = home(of: keys[next])
            // Move `next` into `hole` unless its ideal slot lies cyclically in
            // (hole, next].
            let distanceToNext = (next &- ideal) & mask
            let distanceToHole = (hole &- ideal) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        keys[hole] = 0
        values[hole] = nil
        count -= 1
        return removed
    }

    /// Removes every entry for which `shouldRemove` holds; returns the removed values.
    mutating func removeAll(where shouldRemove: (Value) -> Bool) -> [Value] {
        var removed: [Value] = []
        var kept: [(UInt, Value)] = []
        kept.reserveCapacity(count)
        for index in keys.indices where keys[index] != 0 {
            let value = values[index]!
            if shouldRemove(value) {
                removed.append(value)
            } else {
                kept.append((keys[index], value))
            }
        }
        guard !removed.isEmpty else { return [] }
        var capacity = 16
        while kept.count * 4 > capacity * 3 / 2 { capacity *= 2 }
        rebuild(capacity: capacity, with: kept)
        return removed
    }

    private mutating func grow() {
        var entries: [(UInt, Value)] = []
        entries.reserveCapacity(count)
        for index in keys.indices where keys[index] != 0 {
            entries.append((keys[index], values[index]!))
        }
        rebuild(capacity: keys.count * 2, with: entries)
    }

    private mutating func rebuild(capacity: Int, with entries: [(UInt, Value)]) {
        keys = ContiguousArray(repeating: 0, count: capacity)
        values = ContiguousArray(repeating: nil, count: capacity)
        shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        count = 0
        for (key, value) in entries { insert(value, for: key) }
    }
}
