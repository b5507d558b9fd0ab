/// Byte searches over `[UInt8]` done by the C library's `memchr` (through
/// ``Platform``), for ClosureKitFoundation's XML guard, whose filter looks at
/// every byte of a document and must stay fast in debug builds too, where the
/// test suite parses multi-megabyte documents.
///
/// Package access: the guard lives in ClosureKitFoundation, and the platform
/// module is imported in one file of the package, `Internal/Unsafe/Platform.swift`.
///
/// Why a buffer pointer and `memchr` rather than `array[range].firstIndex(of:)`:
/// the generic search is many times slower in a debug build, where it is not
/// specialised, and several times slower in a release build (its measured
/// worth: Benchmarks/HISTORY.md, "Unsafe constructs").
package enum ByteSearch {
    /// The first index in `range` of `array` holding `byte`.
    package static func firstIndex(of byte: UInt8, in array: [UInt8], _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return array.withUnsafeBufferPointer { buffer -> Int? in
            let base = UnsafeRawPointer(buffer.baseAddress! + range.lowerBound)
            guard let found = Platform.findByte(byte, in: base, count: range.count) else { return nil }
            return range.lowerBound + (found - base)
        }
    }

    /// How many line feeds `range` of `array` holds, and the index of the
    /// last.
    package static func lineFeeds(in array: [UInt8], _ range: Range<Int>) -> (count: Int, last: Int?) {
        var count = 0
        var last: Int?
        var start = range.lowerBound
        while let index = firstIndex(of: 0x0A, in: array, start..<range.upperBound) {
            count += 1
            last = index
            start = index + 1
        }
        return (count, last)
    }
}
