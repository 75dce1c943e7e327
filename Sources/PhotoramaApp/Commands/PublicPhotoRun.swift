import PhotoramaKit

/// `photorama exif` and `photorama albums`: one question about public Flickr data, printed in the chosen format.
package enum PublicPhotoRun {
    /// A photo's EXIF, or the one line saying its owner hides it.
    package static func exif(_ key: PhotoKey, format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let answer = try await app.using { app in try await app.service.exif(key) }
        Output.write(OutputFormatter.exif(answer, photoID: key.id, format: format, width: Output.width))
    }

    /// A member's albums; without `userID` the signed-in account's, which needs sign-in.
    package static func albums(userID: String?, format: OutputFormat, services: ServiceOptions) async throws {
        guard let userID else { throw FlickrAPI.notSignedIn }
        let app = try await AppEnvironment.make(services)
        let albums = try await app.using { app in
            try await app.service.webservice.load(try app.service.configuration.flickr.albums(userID: userID))
        }
        Output.write(OutputFormatter.albums(albums, format: format, width: Output.width))
    }
}
