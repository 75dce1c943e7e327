/// Photorama's version, written here only: `photorama --version` prints it (ArgumentParser adds the flag
/// when the root command's configuration has a version) and every User-Agent names it (`UserAgent`).
public enum PhotoramaVersion {
    public static let current = "0.1.0"
}
