extension ByteSearch {
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
