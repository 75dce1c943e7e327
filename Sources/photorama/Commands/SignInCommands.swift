import ArgumentParser
import PhotoramaApp
import PhotoramaKit

extension FlickrPermission: ExpressibleByArgument {}

struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in to Flickr (OAuth): opens the authorize page and reads the code you type.",
        discussion: """
            The sign-in is kept in $XDG_DATA_HOME/photorama (mode 0600), one per service: the demo server's \
            apart from Flickr's. With --demo, the demo server's first account signs in without a browser. \
            The real Flickr needs the key's shared secret (FLICKR_API_SECRET or flickr.api_secret).
            """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(help: "read, or write to mark favourites with f.") var perms: FlickrPermission = .write

    func validate() throws {
        guard perms != .delete else { throw ValidationError("--perms must be read or write") }
    }

    func run() async throws {
        try await SignInRun.login(permission: perms, services: global.services)
    }
}

struct Whoami: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Print the Flickr account signed in.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        try await SignInRun.whoami(services: global.services)
    }
}

struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Forget the stored Flickr sign-in.")
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        try await SignInRun.logout(services: global.services)
    }
}

struct Favorites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "favorites", abstract: "Print your Flickr favourites (signed in).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .favorites, limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Mine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mine", abstract: "Print your own Flickr photos, private ones too (signed in).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .mine, limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}

struct Contacts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "Print your contacts' newest Flickr photos, at most 50 (signed in).")
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var list: PhotoListOptions

    func run() async throws {
        try await PhotoListRun.run(
            .contacts, limit: list.limit, format: list.format, services: global.services, licenseColumn: list.licenseColumn)
    }
}
