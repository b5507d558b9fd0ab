extension ManualClock {
    /// A point on a manual clock's time line: a duration since ``zero``.
    public struct Instant: InstantProtocol, Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The time since the clock's start.
        public let offset: Duration

        /// Creates an instant `offset` after the start of the time line.
        ///
        /// - Parameter offset: The time since ``zero``.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The start of every manual clock's time line.
        public static let zero = Instant(offset: .zero)

        /// The instant `duration` later (earlier when negative).
        ///
        /// - Parameter duration: The distance to move.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        ///
        /// - Parameter other: The later (or earlier) instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Orders instants by their offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, for logs and test failures.
        public var description: String { "ManualClock.Instant(\(offset))" }
    }
}
