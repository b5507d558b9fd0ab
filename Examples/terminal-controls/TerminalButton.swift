import ClosureKit

/// A push button drawn as `[ Title ]`.
///
/// It adopts `EventControl` with one stored property; pressing it sends the
/// same sequence UIKit sends for a tap: `touchDown`, then `touchUpInside`
/// together with `primaryActionTriggered`.
@MainActor
final class TerminalButton: EventControl {
    let controlEventStorage = ControlEventStorage()
    var title: String
    /// Drawn highlighted between touch-down and touch-up.
    private(set) var isHighlighted = false

    init(title: String) {
        self.title = title
    }

    /// A key press on the focused button: a complete tap.
    func press() {
        isHighlighted = true
        sendEvents(.touchDown)
        isHighlighted = false
        sendEvents([.touchUpInside, .primaryActionTriggered])
    }
}
