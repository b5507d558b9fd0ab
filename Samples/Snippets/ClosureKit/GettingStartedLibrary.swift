// Samples of Sources/ClosureKit/ClosureKit.docc/GettingStarted.md, as a reader pastes them (nothing hidden)
// The library path.

import ClosureKit

public final class Uploader: Hookable {
    public struct Hooks: Sendable {
        public let upload = HookPoint<Uploader, [UInt8], Bool>("upload(_:)")
    }
    public static let hooks = Hooks()
    public let hookStorage = HookStorage()
    private let progress = EventHandlers<Double>()

    public init() {}

    /// Runs `handler` with each progress report, from 0 to 1.
    public func onProgress(
        options: RegistrationOptions = [],
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping @isolated(any) (Double) -> Void
    ) -> CancellationToken {
        progress.add(options: options, isolation: isolation, handler)
    }

    /// Sends `bytes`; hookable as `Uploader.hooks.upload`.
    public func upload(_ bytes: [UInt8]) -> Bool {
        Self.hooks.upload.call(self, bytes) { uploader, bytes in
            uploader.progress.send(1)
            return !bytes.isEmpty
        }
    }
}
