import PhotoramaScreen

/// Tells a double click from two clicks: a press on the cell of the previous press, within `interval` of
/// it, is a double click (and a third press starts over). ncurses could count clicks itself, but only by
/// holding every press back for its click interval, which the zoomed viewer's drags cannot wait for
/// (`mouseinterval(0)`).
struct DoubleClicks {
    /// The desktops' usual double-click time.
    static let interval: Duration = .milliseconds(400)
    private var last: (row: Int, column: Int, at: ContinuousClock.Instant)?

    /// The event a press at `row`, `column` at `time` is: `.press`, or `.doubleClick` for the second of two.
    mutating func press(row: Int, column: Int, at time: ContinuousClock.Instant) -> MouseEvent {
        if let last, last.row == row, last.column == column, time - last.at <= Self.interval, time >= last.at {
            self.last = nil
            return .doubleClick(row: row, column: column)
        }
        last = (row, column, time)
        return .press(row: row, column: column)
    }
}
