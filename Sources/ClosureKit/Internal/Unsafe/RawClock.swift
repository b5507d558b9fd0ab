/// Fast readers for the standard clocks, in whole nanoseconds on the clock's
/// own time line.
///
/// `ContinuousClock.now` followed by `Duration` arithmetic costs several
/// 128-bit divisions; a scheduler reads the clock on every `schedule(after:)`,
/// so it reads the underlying system clock directly instead. An instant of the
/// standard clocks is a `Duration` since the clock's epoch (both are frozen
/// types), so instants convert to the same ticks exactly.
///
/// The clock is read on every schedule. ``ticks(ofStandard:)`` reads an
/// instant as its `Duration` with ``sameLayoutCast(_:to:)``, which
/// ``agrees(_:with:)`` guards with a size check (its measured worth:
/// Benchmarks/HISTORY.md, "Unsafe constructs").
///
/// The mapping is verified when a scheduler is created (the system clock and
/// the Swift clock must agree to within a millisecond); if they ever do not,
/// the scheduler uses the generic, slower path.
enum RawClock {
    @inline(__always)
    static func continuousNanoseconds() -> Int64 {
        Platform.continuousNanoseconds()
    }

    @inline(__always)
    static func suspendingNanoseconds() -> Int64 {
        Platform.suspendingNanoseconds()
    }

    /// The ticks of an instant of a standard clock: its `Duration` since the
    /// clock's epoch, in nanoseconds.
    @inline(__always)
    static func ticks<Instant>(ofStandard instant: Instant) -> Int64 {
        sameLayoutCast(instant, to: Duration.self).saturatingNanoseconds
    }

    /// Whether `read` agrees with the Swift clock whose instants `now` returns.
    static func agrees<Instant>(_ read: () -> Int64, with now: () -> Instant) -> Bool {
        guard MemoryLayout<Instant>.size == MemoryLayout<Duration>.size else { return false }
        let before = read()
        let swift = ticks(ofStandard: now())
        let after = read()
        return swift >= before &- 1_000_000 && swift <= after &+ 1_000_000
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
