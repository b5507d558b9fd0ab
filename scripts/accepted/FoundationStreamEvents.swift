// Stream closures, with a captured local var, compile in main-actor code and
// in nonisolated code: the closure joins the stream's region.
import ClosureKitFoundation
import Foundation

@MainActor
final class Model {
    var events = 0

    func watch(_ stream: InputStream) -> CancellationToken {
        var seen = 0
        return stream.onEvent(.hasBytesAvailable) { _, _ in
            seen += 1
            self.events += seen
        }
    }
}

func watch(_ stream: InputStream) -> CancellationToken {
    var seen = 0
    return stream.onEvent { _, _ in seen += 1 }
}
