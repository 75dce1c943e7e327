import PhotoramaImages

#if canImport(Glibc)
    import Glibc
#endif

/// The cells `show` draws in: `--size 80x40`, or the terminal on standard output.
extension CellSize {
    /// `--size COLUMNSxROWS`, each between 1 and 1000; nil for anything else.
    init?(sizeOption text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...1000).contains(columns), (1...1000).contains(rows)
        else { return nil }
        self.init(columns: columns, rows: rows)
    }

    /// The terminal on standard output less one row for the prompt, or 80×24 when it is not a terminal.
    static func forStandardOutput() -> CellSize {
        guard isatty(1) == 1 else { return CellSize(columns: 80, rows: 24) }
        let size = Output.terminalSize
        return CellSize(columns: size.columns, rows: max(1, size.rows - 1))
    }
}
