import Testing
@testable import ClosureKit

@Suite("DelayIntervalError")
struct DelayIntervalErrorTests {
    @Test("names the rejected value in its description")
    func namesValue() {
        #expect(DelayIntervalError(seconds: .nan).description == "invalid interval nan seconds: an interval must be positive, finite and below 9.2e9 seconds")
        #expect(DelayIntervalError(duration: .zero).interval == "0.0 seconds")
    }

    @Test("accepts positive finite intervals and rejects the rest")
    func validation() throws {
        #expect(try DelayIntervalError.validate(seconds: 1.5) == .milliseconds(1500))
        for bad in [0, -0.0, -1, .nan, .infinity, -.infinity, 1e-12, 1e300] {
            #expect(throws: DelayIntervalError.self) { _ = try DelayIntervalError.validate(seconds: bad) }
        }
        #expect(throws: DelayIntervalError.self) { try DelayIntervalError.validate(Duration.nanoseconds(-1)) }
    }
}
