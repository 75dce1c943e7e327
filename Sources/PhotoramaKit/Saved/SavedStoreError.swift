/// Why the saved photos cannot be read or written: one line for the status line or stderr.
public enum SavedStoreError: Error, Sendable, Hashable {
    /// The file is not an SQLite database, or is damaged. It is left as it is.
    case corrupt(path: String)
    /// The file was written by a newer Photorama (a migration this version does not know). Left as it is.
    case newerVersion(path: String)
    /// Anything else SQLite or the file system said (disk full, permission denied…).
    case failed(String)

    /// The reason comes before the path, so a status line that cuts the end still says what is wrong.
    public var message: String {
        switch self {
        case .corrupt(let path):
            "Saved photos unavailable: not a valid database (left untouched): \(path)"
        case .newerVersion(let path):
            "Saved photos unavailable: written by a newer Photorama (left untouched): \(path)"
        case .failed(let reason):
            "Saved photos unavailable: \(reason)"
        }
    }
}
