// Samples of Sources/ClosureKit/ClosureKit.docc/BuildingConveniences.md

import ClosureKit

/// Reports the progress of a download to closures and to a sequence.
public final class Downloader {
    private let progress = EventHandlers<Double>()
    private let finished = EventHandlers<[UInt8]>()

    public init() {}

    /// Runs `handler` with each progress report, from 0 to 1.
    public func onProgress(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Double) -> Void
    ) -> CancellationToken {
        progress.add(options: options, isolation: isolation, handler)
    }

    /// Runs `handler` with the downloaded bytes.
    public func onFinish(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) ([UInt8]) -> Void
    ) -> CancellationToken {
        finished.add(isolation: isolation, handler)
    }

    /// The progress reports, for `for await`.
    public func progressReports() -> EventSequence<Double> {
        progress.events()
    }

    /// Feeds the downloader: in a real one, the network does.
    public func receive(_ chunk: [UInt8], of total: Int) {
        received += chunk
        progress.send(Double(received.count) / Double(total))
        if received.count == total { finished.send(received) }
    }

    private var received: [UInt8] = []
}

@MainActor
final class DownloadModel {
    var fraction = 0.0
    var size = 0
    var tokens = Set<CancellationToken>()
    let downloader = Downloader()

    func start() {
        downloader.onProgress { [weak self] fraction in self?.fraction = fraction }.store(in: &tokens)
        downloader.onFinish { [weak self] bytes in self?.size = bytes.count }.store(in: &tokens)
    }
}

actor Mirror {
    private let downloader = Downloader()
    private var reports = 0
    private var tokens = Set<CancellationToken>()

    func start() {
        downloader.onProgress { _ in self.reports += 1 }.store(in: &tokens)
    }

    func stop() {
        tokens.removeAll()   // the closure holds the actor: end it when done
    }

    func feed(_ chunk: [UInt8], of total: Int) -> Int {
        downloader.receive(chunk, of: total)
        return reports
    }
}

func download(_ chunks: [[UInt8]], total: Int) -> [Double] {
    let downloader = Downloader()
    var reports: [Double] = []
    let token = downloader.onProgress { reports.append($0) }
    for chunk in chunks { downloader.receive(chunk, of: total) }
    token.cancel()
    return reports
}

public final class Thermostat: Sendable {
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

public final class Uploader: Hookable {
    public struct Hooks: Sendable {
        public let upload = HookPoint<Uploader, Int, Bool>("upload(bytes:)")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()

    public init() {}

    public func upload(bytes: Int) -> Bool {
        Self.hooks.upload.call(self, bytes) { _, bytes in bytes > 0 }
    }
}

public protocol PrintJobDelegate: AnyObject {
    func printJob(_ job: PrintJob, didPrintPages pages: Int)
}

public final class PrintJobProxy: DelegateProxy<any PrintJobDelegate>, PrintJobDelegate, SelectorDeclaring {
    public struct Selectors: Sendable {
        public let didPrint = MethodSelector<(PrintJob, Int), Void>("printJob(_:didPrintPages:)")
    }
    public static let selectors = Selectors()

    public func printJob(_ job: PrintJob, didPrintPages pages: Int) {
        forward(Self.selectors.didPrint, (job, pages)) { $0.printJob($1.0, didPrintPages: $1.1) }
    }
}

public final class PrintJob: Hookable {
    public struct Hooks: Sendable {
        public let print = HookPoint<PrintJob, Int, Bool>("print(pages:)")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()
    public weak var delegate: (any PrintJobDelegate)?

    private let finished = EventHandlers<Int>()
    private let refused = EventHandlers<Int>()
    private var relays: [CancellationToken] = []

    public init() {
        let finished = finished
        let refused = refused
        relays = [
            PrintJobProxy.proxy(for: self, delegate: \.delegate)
                .after(PrintJobProxy.selectors.didPrint) { invocation in finished.send(invocation.arguments.1) },
            Self.hooks.print.after(on: self) { _, invocation in
                if invocation.result == false { refused.send(invocation.arguments) }
            },
        ]
    }

    /// Runs `handler` with the page count of each printed job.
    public func onFinish(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Int) -> Void
    ) -> CancellationToken {
        finished.add(isolation: isolation, handler)
    }

    /// Runs `handler` with the page count of each job the printer refused.
    public func onRefused(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Int) -> Void
    ) -> CancellationToken {
        refused.add(isolation: isolation, handler)
    }

    public func print(pages: Int) -> Bool {
        Self.hooks.print.call(self, pages) { job, pages in
            guard pages > 0 else { return false }
            job.delegate?.printJob(job, didPrintPages: pages)
            return true
        }
    }
}

@MainActor
final class PrintModel {
    var printed = 0
    var refusals = 0
    var tokens = Set<CancellationToken>()
    let job = PrintJob()

    func bind() {
        job.onFinish { [weak self] pages in self?.printed += pages }.store(in: &tokens)
        job.onRefused(countRefusal).store(in: &tokens)   // a method reference works the same
    }

    func countRefusal(_ pages: Int) { refusals += 1 }
}
