import PhotoramaKit

/// `photorama exif`, `albums` and `groups`: one question about Flickr data, printed in the chosen format.
package enum PublicPhotoRun {
    /// A photo's EXIF, or the one line saying its owner hides it.
    package static func exif(_ key: PhotoKey, format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let answer = try await app.using { app in try await app.service.exif(key) }
        Output.write(table: OutputFormatter.exif(answer, photoID: key.id, format: format, width: Output.width), format: format)
    }

    /// A member's albums; without `userID` the signed-in account's, which needs sign-in.
    package static func albums(userID: String?, format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let albums = try await app.using { app in
            if userID == nil { _ = try app.requireSignIn() }
            return try await app.service.webservice.load(try app.service.configuration.flickr.albums(userID: userID))
        }
        Output.write(table: OutputFormatter.albums(albums, format: format, width: Output.width), format: format)
    }

    /// The signed-in account's groups (flickr.people.getGroups); each opens with `photorama group ID`.
    package static func groups(format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let groups = try await app.using { app in
            _ = try app.requireSignIn()
            return try await app.service.webservice.load(try app.service.configuration.flickr.myGroups())
        }
        Output.write(table: OutputFormatter.groups(groups, format: format, width: Output.width), format: format)
    }
}
