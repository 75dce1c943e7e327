import Foundation
import PhotoramaLocking
import PhotoramaSpawn

/// Where downloads go: the folder given on the command line, else `Photorama` in the user's pictures
/// folder (`$XDG_PICTURES_DIR`, or what `xdg-user-dir PICTURES` says), else `~/Pictures/Photorama`.
public enum DownloadFolder {
    public static let subfolder = "Photorama"

    /// `xdgUserDir` is what `xdg-user-dir PICTURES` printed, nil when it is not installed or failed.
    public static func resolve(explicit: String?, environment: [String: String], xdgUserDir: String?) -> String {
        if let explicit, !explicit.isEmpty { return (explicit as NSString).expandingTildeInPath }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        for candidate in [environment["XDG_PICTURES_DIR"], xdgUserDir] {
            guard var pictures = candidate?.trimmingCharacters(in: .whitespacesAndNewlines), !pictures.isEmpty else { continue }
            if pictures.hasPrefix("$HOME") { pictures = home + pictures.dropFirst(5) }
            // xdg-user-dir prints the home folder itself when no pictures folder is configured.
            guard pictures.hasPrefix("/"), standardized(pictures) != standardized(home) else { continue }
            return standardized(pictures) + "/" + subfolder
        }
        return standardized(home) + "/Pictures/" + subfolder
    }

    static func standardized(_ path: String) -> String {
        var path = (path as NSString).standardizingPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Runs `xdg-user-dir PICTURES` without a shell and returns its first line. Blocks: call it off
    /// Swift's cooperative pool (see `askXDGUserDir`).
    public static func runXDGUserDir(searchPath: String?) -> String? {
        let directories = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let executable = directories.map({ $0 + "/xdg-user-dir" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        // It reads a small file and prints one line; a hung one must not hold a download back.
        let ran = Spawn.output(
            .path(executable), argv: ["xdg-user-dir", "PICTURES"], environment: ProcessInfo.processInfo.environment, timeout: .seconds(5))
        guard case .success(let output) = ran, output.ending == .exited(0) else { return nil }
        return String(decoding: output.output, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }

    /// `runXDGUserDir` on a thread of its own, so no thread of the cooperative pool waits for the child.
    public static func askXDGUserDir(searchPath: String?) async -> String? {
        await OwnThread.run { runXDGUserDir(searchPath: searchPath) }
    }
}
