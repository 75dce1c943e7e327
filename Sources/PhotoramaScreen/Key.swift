/// A key press as the terminal target decodes it.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case shiftUp, shiftDown
    case pageUp, pageDown, home, end
    case enter, escape, backspace, insert, delete, tab, backTab
    /// Control plus a letter, lower case: `.ctrl("r")` is Ctrl-R.
    case ctrl(Character)
    case function(Int)
}

/// A mouse event at a cell (0-based row and column).
public enum MouseEvent: Hashable, Sendable {
    case press(row: Int, column: Int)
    /// A second press on the same cell soon after the first (`NCursesScreen`'s `DoubleClicks`): comes in
    /// place of that second press.
    case doubleClick(row: Int, column: Int)
    case wheelUp(row: Int, column: Int)
    case wheelDown(row: Int, column: Int)
    /// The pointer moved with the first button held (reported only while the viewer is zoomed).
    case drag(row: Int, column: Int)
    /// The first button was let go (reported with `drag`).
    case release
}
