import Foundation

/// A temporary XDG_CONFIG_HOME with, optionally, a config file of a given mode; removed by `remove()`.
struct TemporaryConfigHome {
    let root: String
    var configHome: String { root + "/config" }
    var path: String { configHome + "/photorama/config.toml" }
    var environment: [String: String] {
        ["XDG_CONFIG_HOME": configHome, "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data", "HOME": root]
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func write(_ text: String, mode: Int = 0o600) throws {
        try FileManager.default.createDirectory(
            atPath: configHome + "/photorama", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
