import ClosureKit

/// A horizontal slider drawn as `Title [#####-----] 5`, with whole-number
/// values in a closed range.
///
/// Changing ``value`` by key sends `valueChanged`, as a UISlider does while it
/// is dragged; setting it to the value it already has sends nothing.
@MainActor
final class TerminalSlider: EventControl {
    let controlEventStorage = ControlEventStorage()
    let title: String
    let range: ClosedRange<Int>
    private(set) var value: Int

    init(title: String, value: Int, range: ClosedRange<Int>) {
        self.title = title
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
    }

    /// Moves the thumb to `newValue`, clamped to the range, and sends
    /// `valueChanged` if the value changed.
    func setValue(_ newValue: Int) {
        let clamped = min(max(newValue, range.lowerBound), range.upperBound)
        guard clamped != value else { return }
        value = clamped
        sendEvents(.valueChanged)
    }

    /// A key press: one step up or down.
    func step(by delta: Int) {
        setValue(value + delta)
    }
}
