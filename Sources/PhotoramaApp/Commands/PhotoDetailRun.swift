import PhotoramaKit

/// `photorama info`, `comments` and `locations`: one question to the services, printed in the chosen format.
package enum PhotoDetailRun {
    /// Everything known about one photo.
    package static func info(_ key: PhotoKey, format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let detail = try await app.using { app in try await app.service.info(key) }
        Output.write(table: OutputFormatter.detail(detail, format: format, width: Output.width), format: format)
    }

    /// Up to `limit` comments, fetching pages as needed; a page that repeats what came before ends it.
    package static func comments(_ key: PhotoKey, limit: Int, format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
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
        Output.write(table: OutputFormatter.comments(comments, format: format, width: Output.width), format: format)
    }

    /// The library locations in countries starting with `country`.
    package static func locations(country: String, format: OutputFormat, services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let locations = try await app.using { app in try await app.service.locations(country: country) }
        Output.write(table: OutputFormatter.locations(locations, format: format, width: Output.width), format: format)
    }
}
