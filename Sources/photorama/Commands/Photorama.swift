import ArgumentParser
import PhotoramaKit

struct Photorama: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photorama",
        abstract: "A full-screen terminal photo browser for Flickr, 500px-compatible servers and library locations.",
        usage: "photorama [global options] [<subcommand>] [options]",
        discussion: """
            Without a subcommand, opens the browser.

            API keys come from the environment (FLICKR_API_KEY selects the real Flickr API and \
            PX500_CONSUMER_KEY a 500px API) or the config file, never from arguments, unless a URL option \
            or --demo is given. A service with neither a URL option nor a key is served by the embedded demo \
            server, so photorama works with no keys and no network.

            Settings: command line, then environment, then $XDG_CONFIG_HOME/photorama/config.toml, then \
            defaults. `photorama config` shows them; `photorama config --init` writes a template.

            GLOBAL OPTIONS (before or after the subcommand, for every command):
              --flickr-url <url>      Base URL of a Flickr-compatible REST endpoint.
              --500px-url <url>       Base URL of a 500px-v1-compatible API.
              --locations-url <url>   Base URL of the locations service.
              --commons-url <url>     Address of a MediaWiki api.php standing in for
                                      Wikimedia Commons.
              --openverse-url <url>   Base URL of an Openverse-compatible API
                                      (…/v1).
              --demo                  Use the embedded demo server for all five
                                      services.
              --log <file>            Append a line per HTTP request to a file (keys
                                      redacted).
              --allow-insecure        Allow plain http to hosts other than this
                                      machine.
              --offline               No network: real services answer from the
                                      cache only ($XDG_CACHE_HOME/photorama); the
                                      embedded demo server answers as usual.
            """,
        version: PhotoramaVersion.current,
        subcommands: [
            Browse.self, Recent.self, Search.self, Gallery.self, User.self, Popular.self, Info.self,
            Comments.self, Locations.self, Show.self, Download.self, Serve.self, Saved.self, Cache.self, Config.self,
            TerminalCommand.self, Login.self, Whoami.self, Logout.self, Favorites.self, Mine.self, Contacts.self,
            Albums.self, Album.self, Groups.self, Group.self, Explore.self, Exif.self,
        ],
        defaultSubcommand: Browse.self
    )
}
