// Conveniences built on public API: a Sendable type's events cross to a
// main-actor handler; a non-Sendable type's handler may use a local var.
import ClosureKit

final class Thermometer: Sendable {
    private let readings = SendableEventHandlers<Double>()
    func onReading(
        @_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Double) -> Void
    ) -> CancellationToken {
        readings.add(handler)
    }
    func report(_ celsius: Double, isolation: isolated (any Actor)? = #isolation) {
        readings.send(celsius, isolation: isolation)
    }
}

final class Downloader {
    private let progress = EventHandlers<Double>()
    func onProgress(_ handler: @escaping @isolated(any) (Double) -> Void) -> CancellationToken {
        progress.add(handler)
    }
    func receive(_ fraction: Double) { progress.send(fraction) }
}

@MainActor
final class Model {
    var celsius = 0.0
    var fraction = 0.0
    var tokens = Set<CancellationToken>()
    let downloader = Downloader()

    func bind(_ thermometer: Thermometer) {
        thermometer.onReading { self.celsius = $0 }.store(in: &tokens)
        downloader.onProgress { self.fraction = $0 }.store(in: &tokens)
        Task.detached { thermometer.report(21.5) }
    }
}

actor Station {
    var last = 0.0
    var tokens = Set<CancellationToken>()
    func bind(_ thermometer: Thermometer) {
        thermometer.onReading { self.last = $0 }.store(in: &tokens)
    }
}

func totalProgress() -> Double {
    let downloader = Downloader()
    var total = 0.0
    let token = downloader.onProgress { total += $0 }
    downloader.receive(0.25)
    token.cancel()
    return total
}
