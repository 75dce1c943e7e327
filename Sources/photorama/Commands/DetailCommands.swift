import ArgumentParser
import PhotoramaApp
import PhotoramaKit

extension Provider: ExpressibleByArgument {}

/// `--provider` and `--format` for commands about one photo.
struct PhotoDetailOptions: ParsableArguments {
    @Argument(help: "The photo id.") var id: String
    @Option(help: "flickr, 500px, commons or openverse.") var provider: Provider = .flickr
    @Option(help: "table, json or ids.") var format: OutputFormat = .table

    var key: PhotoKey { PhotoKey(provider: provider, id: id) }

    func validate() throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("The photo id must not be empty") }
    }
}

struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Print everything known about one photo.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var photo: PhotoDetailOptions

    func run() async throws {
        try await PhotoDetailRun.info(photo.key, format: photo.format, services: global.services)
    }
}

struct Comments: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "comments", abstract: "Print the comments on one photo.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var photo: PhotoDetailOptions
    @Option(help: "How many comments to print; pages are fetched as needed.") var limit: Int = 20

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000 (got \(limit))") }
    }

    func run() async throws {
        try await PhotoDetailRun.comments(photo.key, limit: limit, format: photo.format, services: global.services)
    }
}

struct Locations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locations", abstract: "Print library locations in countries starting with a prefix.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "Country name or prefix, case-insensitive (e.g. fr, Japan).") var country: String
    @Option(help: "table or json.") var format: OutputFormat = .table

    func run() async throws {
        try await PhotoDetailRun.locations(country: country, format: format, services: global.services)
    }
}
