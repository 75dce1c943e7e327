import PhotoramaKit

/// What every photo-list command does once it knows its source: load pages until `limit` photos or the
/// end, then print them in the chosen format.
package enum PhotoListRun {
    package static func run(
        _ source: PhotoSource, limit: Int, format: OutputFormat, services: ServiceOptions, licenseColumn: Bool = false
    ) async throws {
        let app = try await AppEnvironment.make(services)
        let photos = try await app.using { app in
            if source.needsSignIn { _ = try app.requireSignIn() }
            return try await app.service.feed(source).photos(limit: limit)
        }
        Output.write(
            table: OutputFormatter.photos(photos, format: format, width: Output.width, licenseColumn: licenseColumn), format: format)
    }
}
