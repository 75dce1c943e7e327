import Foundation

/// `$XDG_DATA_HOME/photorama` (an absolute XDG_DATA_HOME only, as the spec says), else
/// `~/.local/share/photorama`: the saved photos' database and the Flickr sign-in live there.
public enum DataFolder {
    public static func path(environment: [String: String]) -> String {
        var base = environment["XDG_DATA_HOME"] ?? ""
        if !base.hasPrefix("/") {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = home + "/.local/share"
        }
        return base + "/photorama"
    }
}
