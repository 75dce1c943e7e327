import Foundation
import PhotoramaImages

#if canImport(Glibc)
    import Glibc
    import PhotoramaText
#endif

/// Writes command output to stdout in one go.
package enum Output {
    package static func write(_ text: String) {
        Console.write(text)
    }

    /// The terminal's width when stdout is one, else 80 (so piped output is stable).
    static var width: Int {
        isatty(1) == 1 ? terminalSize.columns : 80
    }

    /// The size of the terminal on stdout, or 80×24 when it is not one.
    static var terminalSize: CellSize {
        if let cells = TerminalWindow.of(fileDescriptor: 1)?.cells, cells.columns > 0, cells.rows > 0 { return cells }
        return CellSize(columns: 80, rows: 24)
    }
}
