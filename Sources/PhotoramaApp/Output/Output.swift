import Foundation
import PhotoramaImages
import PhotoramaKit

#if canImport(Glibc)
    import Glibc
    import PhotoramaText
#endif

/// Writes command output to stdout in one go.
package enum Output {
    package static func write(_ text: String) {
        Console.write(text)
    }

    /// A table for a person: on a terminal that passes OSC 8 hyperlinks, its whole addresses are links.
    package static func write(table text: String, format: OutputFormat) {
        let term = ProcessInfo.processInfo.environment["TERM"]
        let links = format == .table && Hyperlink.isSupported(term: term, isTerminal: isatty(1) == 1)
        Console.write(text, linkingAddresses: links)
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
