// Samples of Sources/ClosureKit/ClosureKit.docc/DelayedClosures.md: a delay inside an actor (nothing hidden)

import ClosureKit

/// Ends a session after 30 seconds without activity.
actor Session {
    private(set) var isExpired = false
    private var expiry: CancellationToken?

    func touch() {
        // Replacing the token releases the previous one, which cancels its delay.
        expiry = DelayScheduler.shared.schedule(after: .seconds(30), on: .inline) {
            self.isExpired = true   // the actor's state: this closure runs on the actor
        }
    }
}

// snippet.hide
// Runs it on a real clock when this snippet is run (not shown on the page).
let session = Session()
await session.touch()
print(await session.isExpired)
