/// The error thrown when a repeating delay, a debouncer or a throttler is
/// given an interval it cannot keep: zero, negative, NaN or infinite.
///
/// ```swift
/// do {
///     let token = try scheduler.scheduleRepeating(everySeconds: 0, on: .main) { tick() }
/// } catch let error as DelayIntervalError {
///     print(error)  // invalid interval 0.0 seconds: an interval must be positive, finite and below 9.2e9 seconds
/// }
/// ```
public struct DelayIntervalError: Error, Hashable, CustomStringConvertible {
    /// The rejected interval, as written by the caller (for example
    /// `"-1.0 seconds"`, `"nan seconds"` or `"0.0 seconds"`).
    public let interval: String

    init(seconds: Double) {
        interval = "\(seconds) seconds"
    }

    init(duration: Duration) {
        interval = "\(duration)"
    }

    /// A sentence naming the rejected value.
    public var description: String {
        "invalid interval \(interval): an interval must be positive, finite and below 9.2e9 seconds"
    }

    /// Checks a `Duration` interval.
    static func validate(_ interval: Duration) throws(DelayIntervalError) {
        guard interval > .zero else { throw DelayIntervalError(duration: interval) }
    }

    /// Checks an interval in seconds and converts it.
    static func validate(seconds: Double) throws(DelayIntervalError) -> Duration {
        // The upper bound keeps the conversion to Duration exact and finite
        // (about 292 years).
        guard seconds.isFinite, seconds > 0, seconds < 9.2e9 else {
            throw DelayIntervalError(seconds: seconds)
        }
        let duration = Duration.nanoseconds(Int64((seconds * 1e9).rounded()))
        guard duration > .zero else { throw DelayIntervalError(seconds: seconds) }
        return duration
    }
}
