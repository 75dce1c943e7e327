import ArgumentParser
import PhotoramaKit
import PhotoramaTUI

/// `browse --user ID | --gallery ID | --album ID | --group ID | --text TEXT | --near "LAT, LON [RADIUS]"`: the feed the browser
/// opens on (on the Search tab) instead of Recent.
struct BrowseFeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Open on a Flickr user's public photos.", valueName: "id"))
    var user: String?

    @Option(help: ArgumentHelp("Open on a Flickr gallery: its id or its flickr.com/photos/USER/galleries/ID address.", valueName: "id"))
    var gallery: String?

    @Option(help: ArgumentHelp("Open on a Flickr album: its id or its flickr.com/photos/USER/albums/ID address.", valueName: "id"))
    var album: String?

    @Option(help: ArgumentHelp("Open on a Flickr group's pool: its id or its flickr.com/groups/NAME address.", valueName: "id"))
    var group: String?

    @Option(help: ArgumentHelp("Open on a text search.", valueName: "text"))
    var text: String?

    @Option(
        help: ArgumentHelp(
            "Open on photos near a point: \"LAT, LON [RADIUS]\" such as \"48.85, 2.35 10km\".", valueName: "lat, lon [radius]"))
    var near: String?

    func validate() throws {
        _ = try feed()
    }

    /// The feed and the text the search bar shows for it; nil when none was given.
    func feed() throws -> (source: PhotoSource, query: String)? {
        let given = [user, gallery, album, group, text, near].compactMap { $0 }
        guard given.count <= 1 else { throw ValidationError("Give one of --user, --gallery, --album, --group, --text and --near") }
        if let album {
            let id = try validating { try AlbumReference.parse(album).get() }
            return (.album(id: id), id)
        }
        if let group {
            _ = try validating { try GroupReference.parse(group).get() }
            let reference = group.trimmingCharacters(in: .whitespaces)
            return (.group(id: reference), reference)
        }
        if let user {
            let id = user.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty else { throw ValidationError("The user id must not be empty") }
            return (.user(id: id), id)
        }
        if let gallery {
            switch GalleryReference.parse(gallery) {
            case .success(let id): return (.gallery(id: id), id)
            case .failure(let error): throw ValidationError(error.message)
            }
        }
        if let text {
            let words = try validating { try InputValidation.searchText(text) }
            // "commons: …" and "openverse: …" address those providers, as in the search bar.
            if ["commons:", "wikimedia:", "openverse:"].contains(where: { words.lowercased().hasPrefix($0) }) {
                switch SearchQuery.parse(words) {
                case .success(let source): return (source, words)
                case .failure(let error): throw ValidationError(error.message)
                }
            }
            return (.search(text: words), words)
        }
        if let near {
            switch SearchQuery.parse(near) {
            case .success(let source):
                guard case .geo = source else {
                    throw ValidationError("--near must be \"LAT, LON [RADIUS]\" such as \"48.85, 2.35 10km\" (got \"\(near)\")")
                }
                return (source, near.trimmingCharacters(in: .whitespaces))
            case .failure(let error): throw ValidationError(error.message)
            }
        }
        return nil
    }
}
