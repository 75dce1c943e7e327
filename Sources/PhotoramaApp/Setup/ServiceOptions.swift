import Foundation

/// The options every command shares, as plain values: where the three services are, the demo server,
/// the request log, plain http and offline use. The executable's `GlobalOptions` parses them.
package struct ServiceOptions: Sendable {
    package var flickrURL: String?
    package var px500URL: String?
    package var locationsURL: String?
    /// Wikimedia Commons' api.php address and Openverse's API base (`--commons-url`, `--openverse-url`).
    package var commonsURL: String?
    package var openverseURL: String?
    package var demo: Bool
    package var logFile: String?
    package var allowInsecure: Bool
    package var offline: Bool

    package init(
        flickrURL: String? = nil, px500URL: String? = nil, locationsURL: String? = nil, demo: Bool = false,
        logFile: String? = nil, allowInsecure: Bool = false, offline: Bool = false, commonsURL: String? = nil,
        openverseURL: String? = nil
    ) {
        self.commonsURL = commonsURL
        self.openverseURL = openverseURL
        self.flickrURL = flickrURL
        self.px500URL = px500URL
        self.locationsURL = locationsURL
        self.demo = demo
        self.logFile = logFile
        self.allowInsecure = allowInsecure
        self.offline = offline
    }

    /// A base URL option's value: http or https with a host; nil for anything else.
    package static func parseBaseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
