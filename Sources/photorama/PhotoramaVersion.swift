/// Photorama's version, written here only: `photorama --version` prints it (ArgumentParser adds the flag
/// when the root command's configuration has a version).
enum PhotoramaVersion {
    static let current = "0.1.0"
}
