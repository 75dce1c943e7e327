import Foundation
import PhotoramaImages

#if canImport(Glibc)
    import Glibc
#endif

/// The config file at `$XDG_CONFIG_HOME/photorama/config.toml` (default `~/.config/photorama/config.toml`),
/// read once at launch. No file is no error: every setting keeps its default.
public struct ConfigFile: Equatable, Sendable {
    public var path: String
    public var exists: Bool
    public var values: ConfigFileValues
    public var warnings: [String]

    public init(path: String, exists: Bool = false, values: ConfigFileValues = ConfigFileValues(), warnings: [String] = []) {
        self.path = path
        self.exists = exists
        self.values = values
        self.warnings = warnings
    }

    /// The XDG rule: an absolute, non-empty XDG_CONFIG_HOME, else `$HOME/.config`.
    public static func folder(environment: some EnvironmentVariables) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/photorama"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/photorama"
    }

    public static func path(environment: some EnvironmentVariables) -> String {
        folder(environment: environment) + "/config.toml"
    }

    /// Larger files are refused rather than read: a config file is a few kilobytes.
    static let sizeLimit = 1 << 20

    /// Reads, parses and checks the file. A file holding a key must be private (mode 0600 or stricter).
    public static func load(environment: some EnvironmentVariables) throws(ConfigError) -> ConfigFile {
        let path = Self.path(environment: environment)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT || errno == ENOTDIR { return ConfigFile(path: path) }
            throw ConfigError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ConfigError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw ConfigError("\(path) is not a file") }
        guard Int(status.st_size) <= sizeLimit else { throw ConfigError("\(path) is too large (over 1 MB)") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ConfigError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[..<count]
            guard bytes.count <= sizeLimit else { throw ConfigError("\(path) is too large (over 1 MB)") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError("\(path) is not UTF-8 text")
        }
        let parsed = try ConfigParser.parse(text, path: path)
        let mode = Int(status.st_mode) & 0o777
        if parsed.values.holdsKey, mode & 0o077 != 0 {
            throw ConfigError(permissionMessage(path: path, mode: mode))
        }
        return ConfigFile(path: path, exists: true, values: parsed.values, warnings: parsed.warnings)
    }

    static func permissionMessage(path: String, mode: Int) -> String {
        let octal = String(mode, radix: 8)
        let padded = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
        return "\(path) holds an API key and others can read it (mode \(padded)): run chmod 600 \(path)"
    }
}
