#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input and output, byte by byte, with the terminal in raw mode
/// when standard input is one.
///
/// Raw mode (no line buffering, no echo, Ctrl-C read as a key) lets each key
/// press arrive at once; the previous settings come back in ``restore()``.
/// When standard input is not a terminal (a pipe, a file, a test), the bytes
/// are read as they come: one scripted key per character.
final class Terminal {
    let isInteractive: Bool
    private var saved: termios?

    init() {
        isInteractive = isatty(STDIN_FILENO) == 1
        guard isInteractive else { return }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard var settings = saved else { return }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        saved = nil
    }

    /// The next byte of standard input, or nil at its end.
    func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Writes `text` to standard output at once.
    func write(_ text: String) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { bytes in
                #if canImport(Darwin)
                Darwin.write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
                #elseif canImport(Glibc)
                Glibc.write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
                #else
                Musl.write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }
}
