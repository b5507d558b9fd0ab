// terminal-controls: three buttons and a slider in a terminal, built on
// ClosureKit's control events.
//
//     swift run terminal-controls                       # interactive
//     printf ' j jjlll' | swift run terminal-controls   # scripted: play, mute, slider up 3
//
// Keys: Tab/j and Shift-Tab/k move the focus; Space or Enter presses the
// focused button; the left and right arrows (or h and l) move the slider
// when it has the focus; q quits. Each button and the slider adopt
// `EventControl`; see ControlPanel.swift for the handlers.

if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
    print("usage: terminal-controls   (keys from standard input; a script when it is not a terminal)")
    print("keys: Tab/j next, Shift-Tab/k previous, Space/Enter press, \u{2190}/\u{2192} or h/l slider, q quit")
} else {
    let terminal = Terminal()
    let panel = ControlPanel()
    runPanel(panel, readByte: terminal.readByte, write: terminal.write)
    terminal.restore()
}
