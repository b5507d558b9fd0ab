// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// Stream: the stream's delegate object (`streamDelegate`) is no way around
// the region rule: it shares the stream's region, which a main-actor closure
// tied to the main actor.
import ClosureKitFoundation
import Foundation

@MainActor
final class Model {
    var events = 0
}

@MainActor
func watch(_ stream: InputStream, into model: Model) -> CancellationToken {
    let token = stream.onEvent { _, _ in model.events += 1 }
    let delegate = stream.delegateProxy.streamDelegate
    Task.detached {
        let other = InputStream(data: Data())
        other.delegate = delegate
        other.open()
    }
    return token
}
