// expect: passing closure as a 'sending' parameter risks causing data races
// A convenience built on EventHandlers keeps ClosureKit's rule: a main-actor
// handler ties the downloader to the main actor.
import ClosureKit

final class Downloader {
    private let progress = EventHandlers<Double>()
    func onProgress(_ handler: @escaping @isolated(any) (Double) -> Void) -> CancellationToken {
        progress.add(handler)
    }
    func receive(_ fraction: Double) { progress.send(fraction) }
}

@MainActor
final class Model {
    var fraction = 0.0
    var tokens = Set<CancellationToken>()

    func bind() {
        let downloader = Downloader()
        downloader.onProgress { self.fraction = $0 }.store(in: &tokens)
        Task.detached { downloader.receive(0.5) }
    }
}
