/// Byte searches over `[UInt8]` done by the C library's `memchr` (through
/// ``Platform``), for ClosureKitFoundation's XML guard, whose filter looks at
/// every byte of a document and must stay fast in debug builds too, where the
/// test suite parses multi-megabyte documents.
///
/// Package access: the guard lives in ClosureKitFoundation, and the platform
/// module is imported in one file of the package, `Internal/Platform.swift`.
///
/// Why a buffer pointer and `memchr` rather than `array[range].firstIndex(of:)`:
/// no benchmark row isolates the guard's byte search (the row "memory ·
/// XMLParser, 52 MB file: peak memory growth, guarded stream" parses through
/// it); measured alone on 20 MB with a line feed every 80 bytes, finding every
/// line feed took 0.046 s with `memchr` against 1.66 s with `firstIndex(of:)`
/// in a debug build, and 0.004 s against 0.017 s in a release build.
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
