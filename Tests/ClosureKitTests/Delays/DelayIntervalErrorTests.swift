import Testing

@testable import ClosureKit

@Suite("DelayIntervalError")
struct DelayIntervalErrorTests {
    @Test("names the rejected value and the rule it broke")
    func namesValueAndRule() {
        #expect(
            DelayIntervalError(seconds: .nan, rule: .notFinite).description
                == "invalid interval nan seconds: it is not finite; an interval must be a finite number of seconds")
        #expect(DelayIntervalError(duration: .zero, rule: .notPositive).interval == "0.0 seconds")
    }

    @Test("accepts intervals from 1 ns to 9.2e9 s and rejects the rest")
    func validation() throws {
        #expect(try DelayIntervalError.validate(seconds: 1.5) == .milliseconds(1500))
        #expect(try DelayIntervalError.validate(seconds: 1e-9) == .nanoseconds(1))
        #expect(try DelayIntervalError.validate(seconds: 9.2e9) == .seconds(9_200_000_000))
        #expect(try DelayIntervalError.validate(.nanoseconds(1)) == .nanoseconds(1))
        #expect(try DelayIntervalError.validate(DelayIntervalError.longest) == DelayIntervalError.longest)
        let seconds: [(Double, DelayIntervalError.Rule)] = [
            (0, .notPositive), (-0.0, .notPositive), (-1, .notPositive), (.nan, .notFinite),
            (.infinity, .notFinite), (-.infinity, .notFinite), (1e-10, .roundsToZero), (1e-12, .roundsToZero),
            (1e10, .tooLong), (1e300, .tooLong),
        ]
        for (bad, rule) in seconds {
            #expect(throws: DelayIntervalError(seconds: bad, rule: rule)) {
                _ = try DelayIntervalError.validate(seconds: bad)
            }
        }
        // A Duration breaks the same rule the same way.
        let durations: [(Duration, DelayIntervalError.Rule)] = [
            (.zero, .notPositive), (.nanoseconds(-1), .notPositive), (.seconds(1e-10), .roundsToZero),
            (.seconds(1e10), .tooLong), (.seconds(Int64.max), .tooLong),
        ]
        for (bad, rule) in durations {
            #expect(throws: DelayIntervalError(duration: bad, rule: rule)) { try DelayIntervalError.validate(bad) }
        }
    }

    @Test("the message says why: rounds to zero versus too long")
    func messages() {
        #expect(
            DelayIntervalError(seconds: 1e-10, rule: .roundsToZero).description
                == "invalid interval 1e-10 seconds: it rounds to 0 nanoseconds; an interval must be at least 1 "
                + "nanosecond"
        )
        #expect(
            DelayIntervalError(duration: .seconds(Int64(10_000_000_000)), rule: .tooLong).description
                == "invalid interval 10000000000.0 seconds: it is too long; an interval must be at most 9.2e9 seconds "
                + "(about 292 years)"
        )
    }
}
