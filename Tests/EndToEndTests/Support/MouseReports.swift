import Foundation

/// A mouse report as xterm sends it in SGR mode (1006), the mode ncurses asks for under xterm-256color
/// (`kmous=\E[<`): `ESC [ < button ; column ; row M` (or `m` for a release), 1-based on the wire. Rows and
/// columns here are 0-based, as the screen's.
enum SGRMouse {
    case press(row: Int, column: Int)
    /// Motion with the first button held (button 0 + 32).
    case drag(row: Int, column: Int)
    case release(row: Int, column: Int)
    case wheelUp(row: Int, column: Int)
    case wheelDown(row: Int, column: Int)

    var bytes: [UInt8] {
        let (button, row, column, final): (Int, Int, Int, String) =
            switch self {
            case .press(let row, let column): (0, row, column, "M")
            case .drag(let row, let column): (32, row, column, "M")
            case .release(let row, let column): (0, row, column, "m")
            case .wheelUp(let row, let column): (64, row, column, "M")
            case .wheelDown(let row, let column): (65, row, column, "M")
            }
        return Array("\u{1B}[<\(button);\(column + 1);\(row + 1)\(final)".utf8)
    }
}

extension TmuxSession {
    /// Writes the reports to the program as a terminal would, one after another, as hex (`send-keys -H`),
    /// so tmux hands on the bytes as they are.
    func sendMouse(_ reports: [SGRMouse]) async throws {
        for report in reports {
            try await tmux(["send-keys", "-t", name, "-H"] + report.bytes.map { String(format: "%02x", $0) })
        }
    }

    /// Writes the reports in one write, as a terminal sends a double click's reports when they come close
    /// together: the program reads them at once, whatever the machine's load.
    func sendMouseTogether(_ reports: [SGRMouse]) async throws {
        try await tmux(["send-keys", "-t", name, "-H"] + reports.flatMap(\.bytes).map { String(format: "%02x", $0) })
    }
}
