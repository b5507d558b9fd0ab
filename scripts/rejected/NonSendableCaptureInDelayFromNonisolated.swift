// expect: capture of 'draft' with non-Sendable type 'Draft' in a '@Sendable' closure
// A delay scheduled from nonisolated code runs on its executor's thread while
// the caller keeps using what it captured: a non-Sendable capture is refused.
import ClosureKit
import Dispatch

final class Draft {
    var text = ""
}

nonisolated func autosave(_ draft: Draft) -> CancellationToken {
    let token = DelayScheduler.shared.schedule(after: .seconds(1), on: .queue(.global())) {
        draft.text += " (saved)"
    }
    draft.text += "more"
    return token
}
