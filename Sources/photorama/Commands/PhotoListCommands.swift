import ArgumentParser
import Foundation
import PhotoramaApp
import PhotoramaKit

struct Recent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recent", abstract: "Print Flickr's most recent public photos.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(.recent, limit: list.limit, format: list.format, services: global.services)
    }
}

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search Flickr by text, or by latitude and longitude.",
        usage: """
            photorama search --text <text> [options]
            photorama search --lat <latitude> --lon <longitude> [--radius <km>] [options]
            """
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(help: "Words to search for in titles, descriptions and tags.") var text: String?
    // .unconditional: "-33.86" is a value (the southern and western hemispheres), not an option.
    @Option(parsing: .unconditional, help: "Latitude in decimal degrees, -90 to 90.") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude in decimal degrees, -180 to 180.") var lon: Double?
    @Option(parsing: .unconditional, help: "Radius in km, more than 0 and at most 32 (default 5).") var radius: Double?
    @Option(
        help: ArgumentHelp(
            "Only photos under these Flickr licences (with --text): ids \(LicenseIDs.range), e.g. 1,2,4,5,9,10.", valueName: "ids"))
    var license: String?
    @OptionGroup var list: PhotoListOptions

    func validate() throws {
        switch (text, lat, lon) {
        case (.some, nil, nil): if radius != nil { throw ValidationError("--radius goes with --lat and --lon") }
        case (nil, .some, .some): break
        case (nil, nil, nil): throw ValidationError("Give --text, or --lat and --lon")
        case (.some, _, _): throw ValidationError("Give either --text or --lat/--lon, not both")
        default: throw ValidationError("--lat and --lon go together")
        }
        if let license {
            guard text != nil else { throw ValidationError("--license goes with --text") }
            _ = try validating { try LicenseIDs.parse(license).get() }
        }
    }

    func run() async throws {
        let source: PhotoSource
        if let text {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw PhotoramaError.invalidInput("Search text must not be empty") }
            if let license {
                source = .licensedSearch(text: trimmed, licenses: try LicenseIDs.parse(license).get())
            } else {
                source = .search(text: trimmed)
            }
        } else {
            source = .geo(latitude: lat ?? 0, longitude: lon ?? 0, radiusKm: radius ?? 5)
        }
        try await PhotoListRun.run(source, limit: list.limit, format: list.format, services: global.services)
    }
}

struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Print the photos of a Flickr gallery.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The gallery id.") var id: String
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(.gallery(id: id), limit: list.limit, format: list.format, services: global.services)
    }
}

struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "user", abstract: "Print a Flickr user's public photos.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The user id (NSID), e.g. 12345678@N01.") var id: String
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(.user(id: id), limit: list.limit, format: list.format, services: global.services)
    }
}

struct Popular: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popular", abstract: "Print 500px popular photos (NSFW filtered out while safe_search is safe, the default).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(.popular, limit: list.limit, format: list.format, services: global.services)
    }
}
