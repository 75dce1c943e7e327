import ArgumentParser
import PhotoramaApp

/// Options every command shares. API keys are deliberately not options: arguments are visible to every
/// user in the process list, so keys come from the environment only.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("flickr-url"), help: ArgumentHelp("Base URL of a Flickr-compatible REST endpoint.", valueName: "url"))
    var flickrURL: String?

    @Option(name: .customLong("500px-url"), help: ArgumentHelp("Base URL of a 500px-v1-compatible API.", valueName: "url"))
    var px500URL: String?

    @Option(name: .customLong("locations-url"), help: ArgumentHelp("Base URL of the locations service.", valueName: "url"))
    var locationsURL: String?

    @Option(name: .customLong("commons-url"), help: ArgumentHelp("Address of a MediaWiki api.php for Commons.", valueName: "url"))
    var commonsURL: String?

    @Option(name: .customLong("openverse-url"), help: ArgumentHelp("Base URL of an Openverse-compatible API (…/v1).", valueName: "url"))
    var openverseURL: String?

    @Flag(help: "Use the embedded demo server for every service, even when keys are set.")
    var demo = false

    @Option(name: .customLong("log"), help: ArgumentHelp("Append a line per HTTP request to this file (keys redacted).", valueName: "file"))
    var logFile: String?

    @Flag(help: "Allow plain http to hosts other than this machine.")
    var allowInsecure = false

    @Flag(help: "Use only what is cached; never touch the network.")
    var offline = false

    func validate() throws {
        for (name, value) in [
            ("--flickr-url", flickrURL), ("--500px-url", px500URL), ("--locations-url", locationsURL),
            ("--commons-url", commonsURL), ("--openverse-url", openverseURL),
        ] {
            guard let value else { continue }
            guard ServiceOptions.parseBaseURL(value) != nil else {
                throw ValidationError("\(name) must be an http or https URL (got \"\(value)\")")
            }
        }
    }

    /// The options as the library takes them.
    var services: ServiceOptions {
        ServiceOptions(
            flickrURL: flickrURL, px500URL: px500URL, locationsURL: locationsURL, demo: demo, logFile: logFile,
            allowInsecure: allowInsecure, offline: offline, commonsURL: commonsURL, openverseURL: openverseURL)
    }
}
