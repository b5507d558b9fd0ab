import ExecutableTestSupport
import Testing

/// Runs the built `async-server` executable (an `@main … async` program) as a
/// subprocess and reads what it prints: in that host the main actor runs on a
/// worker thread after the first `await`, which `swift test` itself cannot
/// show for the main thread's case before it.
@Suite("async-server, an @main async executable")
struct AsyncHostProcessTests {
    @Test("main-actor hooks, a proxy veto and a control handler answer before and after an await")
    func answersAfterAwait() throws {
        let run = try BuiltExecutable("async-server").run()
        let lines = run.output.split(separator: "\n").map(String.init)
        let answers = "search=[\"swift\"] veto=true handler-ran-synchronously=true"
        #expect(lines.contains("before await: \(answers)"), "\(lines)")
        #expect(lines.contains("after await: \(answers)"), "\(lines)")
        #expect(lines.last == "ok", "\(lines)")
        #expect(run.status == 0, "\(run.errors)")
        #if os(Linux)
        // The case this executable is for: the main actor off the main thread.
        #expect(lines.contains("after await: reached the main actor off the process's main thread=true"), "\(lines)")
        #endif
    }

    @Test("a child that reads none of a large input neither blocks the run nor ends the test process")
    func unreadInput() throws {
        // 1 MiB, far past a pipe's buffer (64 KiB on Linux): the writer is
        // still writing when the child, which never reads, exits.
        let run = try BuiltExecutable("async-server").run(input: String(repeating: "x", count: 1 << 20))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.split(separator: "\n").last == "ok", "\(run.output)")
    }
}
