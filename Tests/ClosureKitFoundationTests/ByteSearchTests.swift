import Testing

@testable import ClosureKitFoundation

/// The self-test of `ByteSearch` (`memchr` over an array's buffer).
@Suite("Byte search")
struct ByteSearchTests {
    @Test("ByteSearch finds the first byte of a range, and none outside it")
    func byteSearchFindsInRange() {
        let bytes: [UInt8] = Array("ab\ncd\nef".utf8)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, 0..<bytes.count) == 2)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, 3..<bytes.count) == 5)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, 6..<bytes.count) == nil)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, 0..<2) == nil)
        #expect(ByteSearch.firstIndex(of: 0x0A, in: bytes, 2..<2) == nil)
        let feeds = ByteSearch.lineFeeds(in: bytes, 0..<bytes.count)
        #expect(feeds.count == 2 && feeds.last == 5)
    }

    @Test("ByteSearch agrees with firstIndex(of:) on a large generated buffer")
    func byteSearchAgreesWithStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<100_000).map { _ in UInt8.random(in: 0...40, using: &generator) }
        var start = 0
        while start < bytes.count {
            let found = ByteSearch.firstIndex(of: 0x0A, in: bytes, start..<bytes.count)
            #expect(found == bytes[start...].firstIndex(of: 0x0A))
            guard let found else { break }
            start = found + 1
        }
    }
}
