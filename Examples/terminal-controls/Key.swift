/// The keys the panel understands.
enum Key: Equatable {
    case nextControl // Tab, j, down arrow
    case previousControl // Shift-Tab, k, up arrow
    case press // Space, Enter
    case decrease // Left arrow, h, -
    case increase // Right arrow, l, +
    case quit // q, Ctrl-C, Ctrl-D
}

/// Turns the bytes read from standard input into keys, including the
/// three-byte escape sequences a terminal sends for the arrow keys.
///
/// Bytes that mean nothing (letters without a binding, the newlines that
/// separate a scripted input's lines) are skipped.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Feeds one byte; returns the key it completes, if any.
    mutating func feed(_ byte: UInt8) -> Key? {
        if !pending.isEmpty {
            pending.append(byte)
            if pending.count == 2 {
                // ESC must be followed by '[' (or 'O' in application mode).
                if byte != UInt8(ascii: "[") && byte != UInt8(ascii: "O") { pending.removeAll() }
                return nil
            }
            defer { pending.removeAll() }
            switch byte {
            case UInt8(ascii: "A"): return .previousControl
            case UInt8(ascii: "B"): return .nextControl
            case UInt8(ascii: "C"): return .increase
            case UInt8(ascii: "D"): return .decrease
            case UInt8(ascii: "Z"): return .previousControl // Shift-Tab
            default: return nil
            }
        }
        switch byte {
        case 0x1B:
            pending = [byte]
            return nil
        case UInt8(ascii: "\t"), UInt8(ascii: "j"): return .nextControl
        case UInt8(ascii: "k"): return .previousControl
        case UInt8(ascii: " "), UInt8(ascii: "\r"): return .press
        case UInt8(ascii: "h"), UInt8(ascii: "-"): return .decrease
        case UInt8(ascii: "l"), UInt8(ascii: "+"): return .increase
        case UInt8(ascii: "q"), 0x03, 0x04: return .quit
        default: return nil
        }
    }
}
