// Foundation brings the C library (`memchr`) on every platform.
import Foundation

/// Byte searches over `[UInt8]` by the C library's `memchr`, for the XML guard, whose filter reads every byte.
///
/// Sound because the pointer is used only inside `withUnsafeBufferPointer`, on `range`, which a precondition
/// keeps within the array. Self-test: `ByteSearchTests`. Figure: 76% on finding the line feeds of 20 MB (0.004 s
/// against 0.017 s with `array[range].firstIndex(of:)`).
enum ByteSearch {
    /// The first index in `range` of `array` holding `byte`.
    static func firstIndex(of byte: UInt8, in array: [UInt8], _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        precondition(range.lowerBound >= 0 && range.upperBound <= array.count, "ByteSearch: range out of bounds")
        return array.withUnsafeBufferPointer { buffer -> Int? in
            let base = UnsafeRawPointer(buffer.baseAddress! + range.lowerBound)
            guard let found = memchr(base, Int32(byte), range.count) else { return nil }
            return range.lowerBound + (UnsafeRawPointer(found) - base)
        }
    }
}
