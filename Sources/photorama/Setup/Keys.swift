import Foundation

/// API keys, read from the environment only.
struct Keys {
    var flickr: String?
    var px500: String?

    static let flickrVariable = "FLICKR_API_KEY"
    static let px500Variable = "PX500_CONSUMER_KEY"

    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Keys {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
                return nil
            }
            return raw
        }
        return Keys(flickr: value(flickrVariable), px500: value(px500Variable))
    }
}
