// Samples of Sources/ClosureKit/Handlers/EventHandlers.swift

import ClosureKit

public final class Downloader {
    private let progress = EventHandlers<Double>()

    public init() {}

    /// Runs `handler` with each progress report.
    public func onProgress(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Double) -> Void
    ) -> CancellationToken {
        progress.add(isolation: isolation, handler)
    }

    public func receive(_ fraction: Double) {
        progress.send(fraction)
    }
}

import ClosureKit

public final class Thermometer: Sendable {
    private let readings = SendableEventHandlers<Double>()

    public init() {}

    public func onReading(
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Double) -> Void
    ) -> CancellationToken {
        readings.add(handler)
    }

    public func report(_ celsius: Double, isolation: isolated (any Actor)? = #isolation) {
        readings.send(celsius, isolation: isolation)
    }
}
