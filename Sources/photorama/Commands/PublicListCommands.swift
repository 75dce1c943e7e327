import ArgumentParser
import Foundation
import PhotoramaApp
import PhotoramaKit

/// Albums, group pools, Explore and EXIF: public Flickr data beyond search.
struct Albums: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albums", abstract: "Print a Flickr member's albums (yours when signed in, without USER).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The member's id (NSID), e.g. 12345678@N01.") var user: String?
    @Option(help: "table, json or ids.") var format: OutputFormat = .table

    func validate() throws {
        if let user, !GroupReference.isNSID(user.trimmingCharacters(in: .whitespaces)) {
            throw ValidationError("A member id looks like 12345678@N01 (got \"\(user)\")")
        }
    }

    func run() async throws {
        try await PublicPhotoRun.albums(userID: user?.trimmingCharacters(in: .whitespaces), format: format, services: global.services)
    }
}

struct Groups: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups", abstract: "Print the Flickr groups you belong to (signed in); open one with `photorama group ID`.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(help: "table, json or ids.") var format: OutputFormat = .table

    func run() async throws {
        try await PublicPhotoRun.groups(format: format, services: global.services)
    }
}

struct Album: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "album", abstract: "Print the photos of a Flickr album.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The album id, or its flickr.com/photos/USER/albums/ID address.") var album: String
    @OptionGroup var list: PhotoListOptions

    func validate() throws { _ = try validating { try AlbumReference.parse(album).get() } }

    func run() async throws {
        let id = try AlbumReference.parse(album).get()
        try await PhotoListRun.run(
            .album(id: id), limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Group: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "group", abstract: "Print the photos of a Flickr group's pool.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The group id (e.g. 34427469792@N01), or its flickr.com/groups/NAME address.") var group: String
    @OptionGroup var list: PhotoListOptions

    func validate() throws { _ = try validating { try GroupReference.parse(group).get() } }

    func run() async throws {
        let reference = group.trimmingCharacters(in: .whitespacesAndNewlines)
        try await PhotoListRun.run(
            .group(id: reference), limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Explore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore", abstract: "Print Flickr's Explore: the day's most interesting photos.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(help: ArgumentHelp("The day, from 2004-07-01 on (default: the latest).", valueName: "YYYY-MM-DD")) var date: String?
    @OptionGroup var list: PhotoListOptions

    func validate() throws {
        if let date { _ = try validating { try ExploreDate.parse(date).get() } }
    }

    func run() async throws {
        let day = try date.map { try ExploreDate.parse($0).get() }
        try await PhotoListRun.run(
            .explore(date: day), limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Exif: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "exif", abstract: "Print how a Flickr photo was taken (its EXIF).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "The photo id.") var id: String
    @Option(help: "table or json.") var format: OutputFormat = .table

    func validate() throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("The photo id must not be empty") }
        guard format != .ids else { throw ValidationError("exif prints --format table or json") }
    }

    func run() async throws {
        let key = PhotoKey(provider: .flickr, id: id.trimmingCharacters(in: .whitespaces))
        try await PublicPhotoRun.exif(key, format: format, services: global.services)
    }
}
