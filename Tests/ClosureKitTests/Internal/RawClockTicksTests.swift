import Testing

@testable import ClosureKit

/// The conversion of a standard clock's instants to raw ticks.
@Suite("Raw clock ticks")
struct RawClockTicksTests {
    @Test("an instant of a standard clock converts to the ticks its raw clock counts")
    func instantTicksFollowTheRawClock() {
        let convert = RawClock.instantTicks(read: { RawClock.continuousNanoseconds() }, now: { ContinuousClock.now })
        let before = RawClock.continuousNanoseconds()
        let ticks = convert(ContinuousClock.now.advanced(by: .seconds(5)))
        let after = RawClock.continuousNanoseconds()
        // Within a millisecond of five seconds from now, whatever the clock's epoch.
        #expect(ticks >= before + 5_000_000_000 - 1_000_000)
        #expect(ticks <= after + 5_000_000_000 + 1_000_000)
    }
}
