import Testing

@testable import terminal_controls

/// Drives the terminal-controls example with scripted key presses, the way it
/// runs when standard input is not a terminal, and reads what it prints.
@MainActor
@Suite("terminal-controls")
struct TerminalControlsTests {
    /// Runs the panel on `script` and returns every frame it printed, and the
    /// panel.
    private func run(_ script: String) -> (output: String, panel: ControlPanel) {
        let panel = ControlPanel()
        var bytes = Array(script.utf8).makeIterator()
        var output = ""
        runPanel(panel, readByte: { bytes.next() }, write: { output += $0 })
        return (output, panel)
    }

    /// The last frame a person would see, without escape sequences.
    private func lastScreen(_ output: String) -> String {
        let frames = output.split(separator: ANSI.clearScreen, omittingEmptySubsequences: false)
        return ANSI.stripped(String(frames.last ?? ""))
    }

    @Test("it draws three buttons and a slider with ANSI escapes, the first button focused")
    func firstFrame() {
        let (output, _) = run("")
        #expect(output.hasPrefix(ANSI.hideCursor + ANSI.clearScreen))
        #expect(output.contains(">" + ANSI.reverse + "[ Play ]" + ANSI.reset))
        let screen = lastScreen(output)
        #expect(screen.contains(">[ Play ]   [ Mute ]   [ Quit ]"))
        #expect(screen.contains(" Volume [#####-----] 5"))
        #expect(screen.contains("Status: stopped, volume 5"))
        #expect(output.hasSuffix(ANSI.showCursor + ANSI.reset + "Bye. Final volume 5, stopped.\n"))
    }

    @Test("pressing Play sends touchDown, then touchUpInside and primaryActionTriggered, to the handlers in order")
    func pressPlay() {
        let (output, panel) = run(" ")
        #expect(panel.isPlaying)
        #expect(panel.play.title == "Pause")
        let screen = lastScreen(output)
        #expect(screen.contains(">[ Pause ]"))
        #expect(screen.contains("Status: playing"))
        #expect(screen.contains("Notice: first playback (a .once handler: it ran once)"))
        // The tap's second send, [.touchUpInside, .primaryActionTriggered],
        // runs the overlapping handlers in registration order: Play's own
        // handler was added before the log's, so both log lines already see
        // the new title, and each log handler runs once.
        #expect(
            panel.eventLog == ["Play: [.touchDown]", "Pause: [.touchUpInside]", "Pause: [.primaryActionTriggered]"])
    }

    @Test("the once handler runs on the first tap only")
    func onceHandler() {
        let (_, panel) = run("   ")
        #expect(panel.isPlaying) // three taps: on, off, on
        #expect(panel.notice == "first playback (a .once handler: it ran once)")
        #expect(panel.play.hasHandlers(for: .primaryActionTriggered))
        #expect(!panel.play.hasHandlers(for: [.touchUpInside, .primaryActionTriggered]))
    }

    @Test("the arrow keys move the slider, which sends valueChanged, and Mute drives the slider")
    func sliderAndMute() {
        // Focus the slider (three times down), raise it twice with the right
        // arrow and once with l, lower it once with h.
        let (output, panel) = run("jjj\u{1B}[C\u{1B}[Clh")
        #expect(panel.volume.value == 7)
        #expect(lastScreen(output).contains(">Volume [#######---] 7"))
        #expect(panel.eventLog.suffix(2) == ["Volume 8: [.valueChanged]", "Volume 7: [.valueChanged]"])

        // Now back to Mute (Shift-Tab twice via k) and press it: volume 0.
        let (muted, mutedPanel) = run("jjjll\nkk \n")
        #expect(mutedPanel.volume.value == 0)
        #expect(mutedPanel.mute.title == "Unmute")
        #expect(lastScreen(muted).contains(">[ Unmute ]"))
        #expect(lastScreen(muted).contains(" Volume [----------] 0"))
    }

    @Test("moving the slider up while muted un-mutes; pressing Unmute restores the volume")
    func unmute() {
        let (_, restored) = run("j  ")
        #expect(restored.volume.value == 5)
        #expect(restored.mute.title == "Mute")

        let (_, moved) = run("j jjl")
        #expect(moved.volume.value == 1)
        #expect(moved.mute.title == "Mute")
    }

    @Test("the slider stays in its range and sends nothing at the ends")
    func sliderClamps() {
        let (_, panel) = run("jjj" + String(repeating: "l", count: 8))
        #expect(panel.volume.value == 10)
        #expect(panel.eventLog.allSatisfy { $0.hasPrefix("Volume") })
        #expect(panel.eventLog.last == "Volume 10: [.valueChanged]")
        #expect(panel.eventLog.count == 4)
    }

    @Test("Quit ends the session and ignores the rest of the script")
    func quitButton() {
        let (output, panel) = run("jj l")
        #expect(panel.isFinished)
        #expect(panel.volume.value == 5)
        #expect(output.hasSuffix("Bye. Final volume 5, stopped.\n"))
    }

    @Test("q quits at once, and focus wraps around both ways")
    func quitKeyAndWrap() {
        let (_, panel) = run("kq j")
        #expect(panel.isFinished)
        #expect(panel.focusIndex == 3)
    }
}
