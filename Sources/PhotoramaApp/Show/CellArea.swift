import PhotoramaKit

#if canImport(Glibc)
import Glibc
#endif

/// `--size 80x40`.
struct CellArea: Equatable {
    var columns: Int
    var rows: Int

    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...1000).contains(columns), (1...1000).contains(rows)
        else { return nil }
        self.columns = columns
        self.rows = rows
    }

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The terminal on standard output less one row for the prompt, or 80×24 when it is not a terminal.
    static func forStandardOutput() -> CellArea {
        guard isatty(1) == 1 else { return CellArea(columns: 80, rows: 24) }
        let size = Output.terminalSize
        return CellArea(columns: size.columns, rows: max(1, size.rows - 1))
    }
}
