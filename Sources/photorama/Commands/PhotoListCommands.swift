import ArgumentParser
import Foundation
import PhotoramaApp
import PhotoramaKit

struct Recent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recent", abstract: "Print Flickr's most recent public photos.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .recent, limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search Flickr, Wikimedia Commons or Openverse by text, or by latitude and longitude.",
        usage: """
            photorama search [--provider flickr|commons|openverse] --text <text> [options]
            photorama search [--provider flickr|commons] --lat <latitude> --lon <longitude> [--radius <km>] [options]
            """
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(help: ArgumentHelp("Where to search: flickr (default), commons or openverse.", valueName: "provider"))
    var provider: String = "flickr"
    @Option(help: "Words to search for in titles, descriptions and tags.") var text: String?
    // .unconditional: "-33.86" is a value (the southern and western hemispheres), not an option.
    @Option(parsing: .unconditional, help: "Latitude in decimal degrees, -90 to 90.") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude in decimal degrees, -180 to 180.") var lon: Double?
    @Option(parsing: .unconditional, help: "Radius in km, more than 0 and at most 32 (default 5).") var radius: Double?
    @Option(
        help: ArgumentHelp(
            "Only photos under these licences (with --text): Flickr's ids \(LicenseIDs.range), e.g. 1,2,4,5,9,10; for Openverse by, by-sa, cc0, commercial …",
            valueName: "ids"))
    var license: String?
    @OptionGroup var list: PhotoListOptions

    /// The provider named by `--provider`.
    var chosen: Provider? { ["flickr": .flickr, "commons": .commons, "openverse": .openverse][provider.lowercased()] }

    func validate() throws {
        guard let chosen else { throw ValidationError("--provider is flickr, commons or openverse (got \"\(provider)\")") }
        if chosen == .openverse, lat != nil || lon != nil { throw ValidationError("Openverse has no search by place: give --text") }
        if chosen == .commons, license != nil { throw ValidationError("--license goes with Flickr and Openverse") }
        switch (text, lat, lon) {
        case (.some, nil, nil): if radius != nil { throw ValidationError("--radius goes with --lat and --lon") }
        case (nil, .some, .some): break
        case (nil, nil, nil): throw ValidationError("Give --text, or --lat and --lon")
        case (.some, _, _): throw ValidationError("Give either --text or --lat/--lon, not both")
        default: throw ValidationError("--lat and --lon go together")
        }
        if let license {
            guard text != nil else { throw ValidationError("--license goes with --text") }
            if chosen == .openverse {
                _ = try validating { try OpenverseLicenses.parse(license).get() }
            } else {
                _ = try validating { try LicenseIDs.parse(license).get() }
            }
        }
    }

    func run() async throws {
        let source: PhotoSource
        if let text {
            let trimmed = try InputValidation.searchText(text)
            if chosen == .commons {
                source = .commonsSearch(text: trimmed)
            } else if chosen == .openverse {
                let licenses = license.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } } ?? []
                source = .openverseSearch(text: trimmed, licenses: licenses.filter { !$0.isEmpty })
            } else if let license {
                source = .licensedSearch(text: trimmed, licenses: try LicenseIDs.parse(license).get())
            } else {
                source = .search(text: trimmed)
            }
        } else if chosen == .commons {
            source = .commonsGeo(latitude: lat ?? 0, longitude: lon ?? 0, radiusKm: radius ?? InputValidation.defaultRadiusKm)
        } else {
            source = .geo(latitude: lat ?? 0, longitude: lon ?? 0, radiusKm: radius ?? InputValidation.defaultRadiusKm)
        }
        try await PhotoListRun.run(
            source, limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Print the photos of a Flickr gallery.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The gallery id.") var id: String
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .gallery(id: id), limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "user", abstract: "Print a Flickr user's public photos.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The user id (NSID), e.g. 12345678@N01.") var id: String
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .user(id: id), limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Popular: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "popular", abstract: "Print 500px popular photos (NSFW filtered out while safe_search is safe, the default).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .popular, limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}
