import Foundation
import GRDB
import PhotoramaKit

/// How a saved photo maps onto a `saved_photo` row and back.
enum SavedPhotoRow {
    static let columns = """
        provider, id, title, owner, owner_id, taken, taken_granularity, images, page_url, latitude, longitude,
        tags, description, views, nsfw, saved_at, download_path
        """

    static func arguments(_ saved: SavedPhoto) -> StatementArguments {
        let photo = saved.photo
        let values: [(any DatabaseValueConvertible)?] = [
            photo.provider.rawValue, photo.id, photo.title, photo.owner, photo.ownerID, photo.taken?.iso8601,
            photo.takenGranularity.rawValue, imagesJSON(photo.images), photo.pageURL?.absoluteString,
            photo.location?.latitude, photo.location?.longitude, tagsJSON(photo.tags), photo.description,
            photo.views, photo.nsfw, saved.savedAtMilliseconds, saved.downloadPath,
        ]
        return StatementArguments(values)
    }

    /// Rows whose provider is unknown to this version are skipped by the caller (nil).
    static func decode(_ row: Row) -> SavedPhoto? {
        guard let providerName: String = row["provider"], let provider = Provider(rawValue: providerName),
            let id: String = row["id"]
        else { return nil }
        var location: GeoPoint?
        if let latitude: Double = row["latitude"], let longitude: Double = row["longitude"] {
            location = GeoPoint(latitude: latitude, longitude: longitude)
        }
        let taken: String? = row["taken"]
        let granularity: Int = row["taken_granularity"] ?? 0
        let pageURL: String? = row["page_url"]
        let photo = Photo(
            provider: provider, id: id, title: row["title"] ?? "", owner: row["owner"] ?? "", ownerID: row["owner_id"],
            taken: taken.flatMap { LocalDateTime(parsing: $0) },
            takenGranularity: DateGranularity(rawValue: granularity) ?? .exact,
            images: images(row["images"] ?? "[]"), pageURL: pageURL.flatMap { URL(string: $0) }, location: location,
            tags: tags(row["tags"] ?? "[]"), description: row["description"] ?? "", views: row["views"], nsfw: row["nsfw"])
        return SavedPhoto(photo: photo, savedAtMilliseconds: row["saved_at"] ?? 0, downloadPath: row["download_path"])
    }

    static func imagesJSON(_ images: [PhotoImage]) -> String {
        let objects: [[String: Any]] = images.map { image in
            var object: [String: Any] = ["size": image.size.rawValue, "url": image.url.absoluteString]
            if let width = image.width { object["width"] = width }
            if let height = image.height { object["height"] = height }
            return object
        }
        return json(objects)
    }

    static func tagsJSON(_ tags: [String]) -> String { json(tags) }

    private static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    static func images(_ text: String) -> [PhotoImage] {
        guard text != "[]", let objects = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        else { return [] }
        return objects.compactMap { object in
            guard let sizeName = object["size"] as? String, let size = ImageSizeClass(rawValue: sizeName),
                let urlText = object["url"] as? String, let url = URL(string: urlText)
            else { return nil }
            return PhotoImage(size: size, url: url, width: object["width"] as? Int, height: object["height"] as? Int)
        }
    }

    static func tags(_ text: String) -> [String] {
        guard text != "[]", let tags = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String] else { return [] }
        return tags
    }
}
