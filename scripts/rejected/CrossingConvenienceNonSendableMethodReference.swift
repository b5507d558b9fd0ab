// expect: passing closure as a 'sending' parameter risks causing data races
// The same as CrossingConvenienceNonSendable.swift with the handler written
// as a method reference: a convenience that takes and passes on the
// `isolation` parameter gives its callers the region form's check.
import ClosureKit

final class Downloader {
    private let progress = EventHandlers<Double>()
    func onProgress(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Double) -> Void
    ) -> CancellationToken {
        progress.add(isolation: isolation, handler)
    }
    func receive(_ fraction: Double) { progress.send(fraction) }
}

@MainActor
final class Model {
    var fraction = 0.0
    var tokens = Set<CancellationToken>()

    func show(_ fraction: Double) { self.fraction = fraction }

    func bind() {
        let downloader = Downloader()
        downloader.onProgress(show).store(in: &tokens)
        Task.detached { downloader.receive(0.5) }
    }
}
