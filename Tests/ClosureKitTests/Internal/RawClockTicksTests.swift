import Testing

@testable import ClosureKit

/// The conversion of a clock's instants to raw ticks, driven by a reference
/// pair of fixed values, so that each conversion is exact.
@Suite("Raw clock ticks")
struct RawClockTicksTests {
    /// The reference pair: the clock's instant 100 s after its zero, read as
    /// 7,000 ticks.
    private static let referenceTicks: Int64 = 7_000
    private static let reference = ManualClock.Instant(offset: .seconds(100))

    @Test("an instant converts to the reference's ticks plus its distance from the reference, in nanoseconds")
    func exactConversion() {
        let convert = RawClock.instantTicks(read: { Self.referenceTicks }, now: { Self.reference })
        #expect(convert(Self.reference) == 7_000)
        #expect(convert(Self.reference.advanced(by: .seconds(5))) == 5_000_007_000)
        #expect(convert(Self.reference.advanced(by: .nanoseconds(1))) == 7_001)
        #expect(convert(Self.reference.advanced(by: .seconds(-5))) == -4_999_993_000)
        #expect(convert(Self.reference.advanced(by: .seconds(30))) == 30_000_007_000)
        #expect(convert(Self.reference.advanced(by: .seconds(-30))) == -29_999_993_000)
    }

    @Test("a part of a nanosecond rounds toward zero, on both sides of the reference")
    func roundsTowardZero() {
        let convert = RawClock.instantTicks(read: { Self.referenceTicks }, now: { Self.reference })
        let oneAndAHalf = Duration.nanoseconds(3) / 2
        #expect(convert(Self.reference.advanced(by: oneAndAHalf)) == 7_001)
        #expect(convert(Self.reference.advanced(by: .zero - oneAndAHalf)) == 6_999)
        // Past about 18 s the distance is divided with its high word set.
        #expect(convert(Self.reference.advanced(by: .seconds(20) + oneAndAHalf)) == 20_000_007_001)
        #expect(convert(Self.reference.advanced(by: .seconds(-20) - oneAndAHalf)) == -19_999_993_001)
    }

    @Test("the reference pair is read once, the clock before the ticks, when the converter is made")
    func referenceReadOnce() {
        var reads: [String] = []
        let convert = RawClock.instantTicks(
            read: {
                reads.append("ticks")
                return Self.referenceTicks
            },
            now: {
                reads.append("now")
                return Self.reference
            })
        #expect(reads == ["now", "ticks"])
        _ = convert(Self.reference.advanced(by: .seconds(1)))
        _ = convert(Self.reference)
        #expect(reads == ["now", "ticks"])
    }

    @Test("on the continuous clock, instants five seconds apart convert to ticks five seconds apart")
    func continuousClockSmoke() {
        // No timing bound: both instants convert through one reference pair.
        let convert = RawClock.instantTicks(read: { RawClock.continuousNanoseconds() }, now: { ContinuousClock.now })
        let instant = ContinuousClock.now
        #expect(convert(instant.advanced(by: .seconds(5))) - convert(instant) == 5_000_000_000)
    }
}
