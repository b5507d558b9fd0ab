/// The few ANSI escape sequences the panel draws with.
enum ANSI {
    static let clearScreen = "\u{1B}[H\u{1B}[2J"
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let reverse = "\u{1B}[7m"
    static let green = "\u{1B}[32m"
    static let yellow = "\u{1B}[33m"

    /// Removes every escape sequence: what a person reads on the screen.
    static func stripped(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                // A CSI sequence ends with a letter.
                if ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
