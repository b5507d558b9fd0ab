/// Fast readers for the standard clocks, in whole nanoseconds on the clock's
/// own time line.
///
/// `ContinuousClock.now` followed by `Duration` arithmetic costs several
/// 128-bit divisions; a scheduler reads the clock on every `schedule(after:)`,
/// so it reads the underlying system clock directly instead: the one that
/// Swift's clock reads on each platform (``Platform``).
///
/// An instant of the clock converts to ticks through a reference pair read
/// when the scheduler is created (``instantTicks(read:now:)``): the instant's distance
/// from the reference instant, added to the reference's ticks. The two reads
/// of the pair are a few nanoseconds apart, so a deadline given as an instant
/// is off by at most that, for the scheduler's whole life.
enum RawClock {
    @inline(__always)
    static func continuousNanoseconds() -> Int64 {
        Platform.continuousNanoseconds()
    }

    @inline(__always)
    static func suspendingNanoseconds() -> Int64 {
        Platform.suspendingNanoseconds()
    }

    /// Converts the instants of a clock whose `now` is `now` to the ticks
    /// `read` counts.
    static func instantTicks<Instant: InstantProtocol<Duration>>(
        read: () -> Int64, now: () -> Instant
    ) -> @Sendable (Instant) -> Int64 {
        let reference = now()
        let referenceTicks = read()
        return { referenceTicks &+ reference.duration(to: $0).saturatingNanoseconds }
    }
}

extension Duration {
    /// Whole nanoseconds, rounded toward zero, saturating at `Int64` bounds.
    ///
    /// One 128-by-64-bit division, rather than the two 128-bit divisions of
    /// `components`.
    @inline(__always)
    var saturatingNanoseconds: Int64 {
        // Below about 18 s, one 64-bit division (a library call otherwise).
        if _high == 0 { return Int64(_low / 1_000_000_000) }
        let negative = _high < 0
        var high = UInt64(bitPattern: _high)
        var low = _low
        if negative {
            // Two's-complement negation of the 128-bit value.
            low = ~low &+ 1
            high = ~high &+ (low == 0 ? 1 : 0)
        }
        // |attoseconds| / 1e9 fits in 63 bits only when high < 1e9 / 2.
        guard high < 500_000_000 else { return negative ? .min : .max }
        let (quotient, _) = UInt64(1_000_000_000).dividingFullWidth((high: high, low: low))
        guard quotient <= UInt64(Int64.max) else { return negative ? .min : .max }
        return negative ? -Int64(quotient) : Int64(quotient)
    }
}
