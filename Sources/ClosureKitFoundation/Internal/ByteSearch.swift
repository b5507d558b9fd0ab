#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches over `[UInt8]` done by the C library, for the XML guard's
/// filter, which looks at every byte of a document and must stay fast in
/// debug builds too.
enum ByteSearch {
    /// The first index in `range` of `array` holding `byte`.
    static func firstIndex(of byte: UInt8, in array: [UInt8], _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return array.withUnsafeBufferPointer { buffer -> Int? in
            let base = UnsafeRawPointer(buffer.baseAddress! + range.lowerBound)
            guard let found = memchr(base, Int32(byte), range.count) else { return nil }
            return range.lowerBound + (UnsafeRawPointer(found) - base)
        }
    }

    /// How many line feeds `range` of `array` holds, and the index of the
    /// last.
    static func lineFeeds(in array: [UInt8], _ range: Range<Int>) -> (count: Int, last: Int?) {
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
