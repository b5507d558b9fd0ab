/// Runs the panel: draws it, then reads bytes until the panel finishes or the
/// input ends, applying each key and drawing again.
///
/// Input and output are functions so that the same loop runs against the
/// terminal (see `main.swift`) and against a script in the tests.
@MainActor
func runPanel(_ panel: ControlPanel, readByte: () -> UInt8?, write: (String) -> Void) {
    var decoder = KeyDecoder()
    write(ANSI.hideCursor + panel.render())
    while !panel.isFinished, let byte = readByte() {
        guard let key = decoder.feed(byte) else { continue }
        panel.handle(key)
        write(panel.render())
    }
    write(
        ANSI.showCursor + ANSI.reset
            + "Bye. Final volume \(panel.volume.value), \(panel.isPlaying ? "playing" : "stopped").\n")
}
