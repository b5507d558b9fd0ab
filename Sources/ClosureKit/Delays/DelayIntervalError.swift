/// The error thrown when a repeating delay, a debouncer or a throttler is
/// given an interval it cannot keep.
///
/// One rule holds for every interval, whether given as a `Duration` or in
/// seconds: it is finite, and from 1 nanosecond (the resolution of the
/// delay timer) up to ``longest`` (9.2e9 seconds, about 292 years, the
/// longest a deadline can lie ahead without overflowing). ``rule`` says
/// which part was broken.
///
/// ```swift
/// let ticker: CancellationToken?
/// do {
///     ticker = try scheduler.scheduleRepeating(everySeconds: 1e-10, on: .main) { tick() }
/// } catch {  // a DelayIntervalError: the method throws only that
///     // invalid interval 1e-10 seconds: it rounds to 0 nanoseconds;
///     // an interval must be at least 1 nanosecond
///     print(error)
///     ticker = nil
/// }
/// ```
public struct DelayIntervalError: Error, Hashable, CustomStringConvertible {
    /// The part of the rule an interval broke.
    public enum Rule: Hashable, Sendable {
        /// Zero or negative.
        case notPositive
        /// NaN or infinite.
        case notFinite
        /// Positive, but shorter than 1 nanosecond: it rounds to zero.
        case roundsToZero
        /// Longer than ``DelayIntervalError/longest``.
        case tooLong
    }

    /// The longest interval: 9.2e9 seconds (about 292 years).
    public static let longest = Duration.seconds(9_200_000_000)

    /// The rejected interval, as written by the caller (for example
    /// `"-1.0 seconds"`, `"nan seconds"` or `"0.0 seconds"`).
    public let interval: String

    /// The part of the rule the interval broke.
    public let rule: Rule

    init(seconds: Double, rule: Rule) {
        interval = "\(seconds) seconds"
        self.rule = rule
    }

    init(duration: Duration, rule: Rule) {
        interval = "\(duration)"
        self.rule = rule
    }

    /// A sentence naming the rejected value and the rule it broke.
    public var description: String {
        let reason: String
        switch rule {
        case .notPositive: reason = "it is not positive; an interval must be greater than zero"
        case .notFinite: reason = "it is not finite; an interval must be a finite number of seconds"
        case .roundsToZero: reason = "it rounds to 0 nanoseconds; an interval must be at least 1 nanosecond"
        case .tooLong: reason = "it is too long; an interval must be at most 9.2e9 seconds (about 292 years)"
        }
        return "invalid interval \(interval): \(reason)"
    }

    /// Checks a `Duration` interval against the rule and returns it rounded
    /// to whole nanoseconds (the timer's resolution).
    @discardableResult
    static func validate(_ interval: Duration) throws(DelayIntervalError) -> Duration {
        guard interval > .zero else { throw DelayIntervalError(duration: interval, rule: .notPositive) }
        guard interval <= longest else { throw DelayIntervalError(duration: interval, rule: .tooLong) }
        let (seconds, attoseconds) = interval.components
        let nanoseconds = (Double(attoseconds) / 1e9).rounded()
        let rounded = Duration.seconds(seconds) + .nanoseconds(Int64(nanoseconds))
        guard rounded > .zero else { throw DelayIntervalError(duration: interval, rule: .roundsToZero) }
        return rounded
    }

    /// Checks an interval in seconds against the same rule and converts it.
    static func validate(seconds: Double) throws(DelayIntervalError) -> Duration {
        guard seconds.isFinite else { throw DelayIntervalError(seconds: seconds, rule: .notFinite) }
        guard seconds > 0 else { throw DelayIntervalError(seconds: seconds, rule: .notPositive) }
        guard seconds <= 9.2e9 else { throw DelayIntervalError(seconds: seconds, rule: .tooLong) }
        let nanoseconds = (seconds * 1e9).rounded()
        guard nanoseconds >= 1 else { throw DelayIntervalError(seconds: seconds, rule: .roundsToZero) }
        return .nanoseconds(Int64(nanoseconds))
    }
}
