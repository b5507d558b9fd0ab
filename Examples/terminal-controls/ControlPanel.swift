import ClosureKit

/// The panel: three buttons and a slider, wired to each other with
/// ClosureKit handlers, and drawn as one screen of text with ANSI escapes.
///
/// Everything runs on the main actor. Handlers are `@Sendable` (a control may
/// be sent events from any thread), so the ones that touch the panel state
/// say that they run on the main actor with `MainActor.assumeIsolated`: this
/// app sends every event from its main loop.
@MainActor
final class ControlPanel {
    let play = TerminalButton(title: "Play")
    let mute = TerminalButton(title: "Mute")
    let quit = TerminalButton(title: "Quit")
    let volume = TerminalSlider(title: "Volume", value: 5, range: 0...10)

    private(set) var focusIndex = 0
    private(set) var isPlaying = false
    private(set) var isFinished = false
    private(set) var notice = "-"
    private(set) var eventLog: [String] = []
    private var volumeBeforeMute: Int?
    private var tokens = Set<CancellationToken>()

    private var buttons: [TerminalButton] { [play, mute, quit] }
    private var focusCount: Int { buttons.count + 1 } // the slider comes last
    private var isSliderFocused: Bool { focusIndex == buttons.count }

    init() {
        // Play toggles playback on its primary action, as a UIButton would.
        play.addHandler(for: .primaryActionTriggered) { [unowned self] button in
            MainActor.assumeIsolated {
                self.isPlaying.toggle()
                button.title = self.isPlaying ? "Pause" : "Play"
            }
        }.store(in: &tokens)

        // A one-shot handler: it runs on the first tap only, then removes itself.
        play.addHandler(for: .touchUpInside, options: .once) { [unowned self] _ in
            MainActor.assumeIsolated { self.notice = "first playback (a .once handler: it ran once)" }
        }.store(in: &tokens)

        // Mute remembers the volume and moves the slider, which sends its own
        // valueChanged: one control's handler driving another control.
        mute.addHandler(for: .touchUpInside) { [unowned self] button in
            MainActor.assumeIsolated {
                if let previous = self.volumeBeforeMute {
                    self.volumeBeforeMute = nil
                    button.title = "Mute"
                    self.volume.setValue(previous)
                } else {
                    self.volumeBeforeMute = self.volume.value
                    button.title = "Unmute"
                    self.volume.setValue(0)
                }
            }
        }.store(in: &tokens)

        quit.addHandler(for: .touchUpInside) { [unowned self] _ in
            MainActor.assumeIsolated { self.isFinished = true }
        }.store(in: &tokens)

        // Moving the slider by hand while muted un-mutes.
        volume.addHandler(for: .valueChanged) { [unowned self] slider in
            MainActor.assumeIsolated {
                if slider.value > 0, self.volumeBeforeMute != nil {
                    self.volumeBeforeMute = nil
                    self.mute.title = "Mute"
                }
            }
        }.store(in: &tokens)

        // The event log: one handler per event, so that each line names the
        // event. A tap sends [.touchUpInside, .primaryActionTriggered] in one
        // send; both masks overlap it, so both lines appear, in this order.
        for event in [ControlEvents.touchDown, .touchUpInside, .primaryActionTriggered] {
            for button in buttons {
                button.addHandler(for: event) { [unowned self] button in
                    MainActor.assumeIsolated { self.log("\(button.title): \(event)") }
                }.store(in: &tokens)
            }
        }
        volume.addHandler(for: .valueChanged) { [unowned self] slider in
            MainActor.assumeIsolated { self.log("\(slider.title) \(slider.value): \(ControlEvents.valueChanged)") }
        }.store(in: &tokens)
    }

    /// Applies one key press.
    func handle(_ key: Key) {
        switch key {
        case .nextControl:
            focusIndex = (focusIndex + 1) % focusCount
        case .previousControl:
            focusIndex = (focusIndex + focusCount - 1) % focusCount
        case .press:
            if !isSliderFocused { buttons[focusIndex].press() }
        case .decrease:
            if isSliderFocused { volume.step(by: -1) } else { handle(.previousControl) }
        case .increase:
            if isSliderFocused { volume.step(by: 1) } else { handle(.nextControl) }
        case .quit:
            isFinished = true
        }
    }

    /// One full screen.
    func render() -> String {
        var screen = ANSI.clearScreen
        screen += ANSI.bold + "ClosureKit terminal controls" + ANSI.reset + "\n"
        screen +=
            ANSI.dim + "Tab/j/k: focus   Space/Enter: press   \u{2190}/\u{2192} h/l: slider   q: quit" + ANSI.reset
            + "\n\n"

        let row = buttons.enumerated().map { index, button in
            styled("[ \(button.title) ]", focused: index == focusIndex)
        }
        screen += "  " + row.joined(separator: "  ") + "\n\n"

        let filled = volume.value - volume.range.lowerBound
        let empty = volume.range.upperBound - volume.value
        let track = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: empty) + "]"
        screen += "  " + styled("\(volume.title) \(track) \(volume.value)", focused: isSliderFocused) + "\n\n"

        let state = isPlaying ? ANSI.green + "playing" + ANSI.reset : ANSI.yellow + "stopped" + ANSI.reset
        screen += "  Status: \(state), volume \(volume.value)\n"
        screen += "  Notice: \(notice)\n"
        screen += "  Events:\n"
        for line in eventLog {
            screen += "    \(line)\n"
        }
        return screen
    }

    private func styled(_ text: String, focused: Bool) -> String {
        focused ? ">" + ANSI.reverse + text + ANSI.reset : " " + text
    }

    private func log(_ line: String) {
        eventLog.append(line)
        if eventLog.count > 4 { eventLog.removeFirst(eventLog.count - 4) }
    }
}
