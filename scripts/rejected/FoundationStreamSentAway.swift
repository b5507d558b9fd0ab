// expect: risks causing data races between main actor-isolated code and concurrent execution of the closure
// Stream: a main-actor `onEvent` closure joins the stream's
// region, so a detached task may not use the stream (its events would run
// the closure off the main actor).
import ClosureKitFoundation
import Foundation

@MainActor
final class Model {
    var events = 0
}

@MainActor
func watch(_ stream: InputStream, into model: Model) -> CancellationToken {
    let token = stream.onEvent { _, _ in model.events += 1 }
    Task.detached {
        stream.open()
        stream.close()
    }
    return token
}
