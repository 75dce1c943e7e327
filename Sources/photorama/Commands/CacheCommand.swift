import ArgumentParser
import PhotoramaApp

/// `photorama cache`: where the cache is, how big, how many entries; `--clear` empties it.
struct Cache: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show the cache's size, entry counts and folder; --clear empties it.",
        discussion: "The cache is $XDG_CACHE_HOME/photorama (default ~/.cache/photorama)."
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Flag(help: "Delete every cached answer and image.")
    var clear = false

    func run() async throws {
        try CacheReport.run(clear: clear)
    }
}
