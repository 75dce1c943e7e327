import ArgumentParser

struct Photorama: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photorama",
        abstract: "A full-screen terminal photo browser for Flickr, 500px-compatible servers and library locations.",
        discussion: """
            Without a subcommand, opens the browser.

            API keys come from the environment only: FLICKR_API_KEY selects the real Flickr API and \
            PX500_CONSUMER_KEY a 500px API, unless a URL option or --demo is given. A service with neither \
            a URL option nor a key is served by the embedded demo server, so photorama works with no keys \
            and no network.
            """,
        subcommands: [
            Browse.self, Recent.self, Search.self, Gallery.self, User.self, Popular.self, Info.self,
            Comments.self, Locations.self, Show.self, Serve.self,
        ],
        defaultSubcommand: Browse.self
    )
}
