import ExecutableTestSupport
import Testing

/// Runs the built `terminal-controls` executable with its standard input
/// piped from a script, as `printf … | swift run terminal-controls` does, and
/// reads what it prints.
@Suite("terminal-controls, the executable")
struct TerminalControlsProcessTests {
    private static func run(input: String) throws -> (status: Int32, output: String, errors: String) {
        let run = try BuiltExecutable("terminal-controls").run(input: input)
        return (run.status, run.output, run.errors)
    }

    @Test("piped keys drive the panel, which prints ANSI frames and a farewell")
    func pipedScript() throws {
        // Play, then Mute, then the slider up three steps (which un-mutes).
        let (status, output, errors) = try Self.run(input: " j jjlll")
        #expect(status == 0, "\(errors)")
        #expect(output.hasPrefix("\u{1B}[?25l\u{1B}[H\u{1B}[2J"))
        #expect(output.contains("\u{1B}[7m"))
        #expect(output.contains("Volume [###-------] 3"))
        #expect(output.contains("Status: \u{1B}[32mplaying"))
        #expect(output.hasSuffix("Bye. Final volume 3, playing.\n"))
    }

    @Test("scripted input may be split into lines, and the end of input ends the session")
    func linesAndEndOfInput() throws {
        let (status, output, errors) = try Self.run(input: "jjj\nl\nl\n")
        #expect(status == 0, "\(errors)")
        #expect(output.hasSuffix("Bye. Final volume 7, stopped.\n"))
    }
}
