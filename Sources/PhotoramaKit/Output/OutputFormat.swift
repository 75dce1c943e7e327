/// The `--format` choices of the subcommands.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns that fit the terminal width.
    case table
    /// One JSON array (or object for `info`), keys sorted, stable across runs.
    case json
    /// One id per line, for pipes.
    case ids
}
