import PhotoramaTUI

/// Every setting the config file knows, by its full name (`page_size`, `flickr.api_key`, `keys.quit`).
enum ConfigSchema {
    static let topLevel = [
        "tab", "images", "symbols", "dither", "thumbnails", "safe_search", "page_size", "cache_size", "download_dir", "slideshow_interval",
        "cards",
        "user_agent_contact", "confirm_flickr_changes", "plain",
    ]
    static let sections: [String: [String]] = [
        "flickr": ["api_key", "key_command", "api_secret", "secret_command", "token_command"],
        "500px": ["consumer_key", "key_command"],
        "openverse": ["client_id", "client_secret", "secret_command"],
        // `theme = "light"` alone, or `mode = "light"` in a `[theme]` that also sets colours (TOML allows one).
        "theme": ["mode", "accent", "selection_foreground", "selection_background", "error", "badge"],
        "keys": KeyAction.allCases.map(\.rawValue),
    ]
    static let sectionOrder = ["flickr", "500px", "openverse", "theme", "keys"]

    /// Every full name, for suggestions: sections too, so a misspelt `[flikr]` finds `flickr`.
    static var allNames: [String] {
        topLevel + sectionOrder + sectionOrder.flatMap { section in (sections[section] ?? []).map { "\(section).\($0)" } }
    }

    static let tabNames: [(String, Tab)] = Tab.allCases.map { ($0.title.lowercased(), $0) }

    /// The default cache bound: 512 MB.
    static let defaultCacheSize = 512 * 1024 * 1024
}
