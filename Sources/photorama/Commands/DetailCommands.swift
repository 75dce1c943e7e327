import ArgumentParser
import PhotoramaKit

extension Provider: ExpressibleByArgument {}

/// `--provider` and `--format` for commands about one photo.
struct PhotoDetailOptions: ParsableArguments {
    @Argument(help: "The photo id.") var id: String
    @Option(help: "flickr or 500px.") var provider: Provider = .flickr
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
        let app = try await AppEnvironment.make(global)
        let detail = try await app.using { app in try await app.service.info(photo.key) }
        Output.write(OutputFormatter.detail(detail, format: photo.format, width: Output.width))
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
        let app = try await AppEnvironment.make(global)
        let key = photo.key
        let limit = self.limit
        let comments = try await app.using { app in
            var collected: [PhotoComment] = []
            var seen = Set<String>()
            var page = 1
            while collected.count < limit {
                let answer = try await app.service.comments(key, page: page)
                let fresh = answer.items.filter { seen.insert($0.id).inserted }
                collected += fresh
                guard answer.hasMore, answer.page == page, !fresh.isEmpty else { break }
                page += 1
            }
            return Array(collected.prefix(limit))
        }
        Output.write(OutputFormatter.comments(comments, format: photo.format, width: Output.width))
    }
}

struct Locations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "locations", abstract: "Print library locations in countries starting with a prefix.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "Country name or prefix, case-insensitive (e.g. fr, Japan).") var country: String
    @Option(help: "table or json.") var format: OutputFormat = .table

    func run() async throws {
        let app = try await AppEnvironment.make(global)
        let country = self.country
        let locations = try await app.using { app in try await app.service.locations(country: country) }
        Output.write(OutputFormatter.locations(locations, format: format, width: Output.width))
    }
}
