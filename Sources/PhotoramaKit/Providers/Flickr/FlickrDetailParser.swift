import Foundation

/// Reads photos.getInfo, photos.getSizes, photos.comments.getList, places.find and test.echo.
enum FlickrDetailParser {
    static func info(_ root: JSONValue) throws(PhotoramaError) -> PhotoDetail {
        guard let photo = root["photo"], let id = photo["id"]?.nonEmptyString else {
            throw .invalidData("photo.id: missing")
        }
        let owner = photo["owner"]
        let ownerID = owner?["nsid"]?.nonEmptyString
        let realName = owner?["realname"]?.nonEmptyString
        let username = owner?["username"]?.nonEmptyString
        let dates = photo["dates"]
        var images: [PhotoImage] = []
        if let server = photo["server"]?.nonEmptyString, let secret = photo["secret"]?.nonEmptyString {
            for size in FlickrImageURL.buildable {
                if let url = FlickrImageURL.make(server: server, id: id, secret: secret, size: size) {
                    images.append(PhotoImage(size: size, url: url))
                }
            }
        }
        let pageURL = photo["urls"]?["url"]?.array?
            .first { $0["type"]?.string == "photopage" }?.content
            .flatMap(FlickrImageURL.upgraded)
        let location = photo["location"]
        let placeParts = ["locality", "county", "region", "country"].compactMap { location?[$0]?.content }
            .filter { !$0.isEmpty }
        let item = Photo(
            provider: .flickr,
            id: id,
            title: photo["title"]?.content ?? "",
            owner: realName ?? username ?? "",
            ownerID: ownerID,
            taken: dates?["taken"]?.string.flatMap(LocalDateTime.init(parsing:)),
            takenGranularity: FlickrPhotoParser.granularity(dates?["takengranularity"]),
            images: images,
            pageURL: pageURL ?? FlickrPhotoParser.pageURL(owner: ownerID, id: id),
            location: FlickrPhotoParser.location(latitude: location?["latitude"], longitude: location?["longitude"]),
            tags: FlickrPhotoParser.tags(photo["tags"]),
            description: photo["description"]?.content.map(HTMLText.plainText) ?? "",
            views: photo["views"]?.int,
            licenseID: FlickrPhotoParser.licenseID(photo["license"])
        )
        return PhotoDetail(
            photo: item,
            ownerUsername: username,
            ownerRealName: realName,
            ownerLocation: owner?["location"]?.nonEmptyString,
            commentCount: photo["comments"]?.content.flatMap { Int($0) },
            uploaded: unixDate(photo["dateuploaded"] ?? dates?["posted"]),
            placeName: placeParts.isEmpty ? nil : placeParts.joined(separator: ", ")
        )
    }

    static let sizeLabels: [String: ImageSizeClass] = [
        "square": .square75, "large square": .square150, "thumbnail": .thumbnail100, "small": .small240,
        "small 320": .small320, "medium": .medium500, "medium 640": .medium640, "medium 800": .medium800,
        "large": .large1024, "large 1600": .large1600, "large 2048": .large2048, "original": .original,
    ]

    /// The renditions getSizes lists, smallest first; labels we do not know (video, 3K…) are skipped.
    static func sizes(_ root: JSONValue) throws(PhotoramaError) -> [PhotoImage] {
        guard let list = root["sizes"]?["size"]?.array else { throw .invalidData("sizes.size: missing") }
        var images: [PhotoImage] = []
        for entry in list {
            if let media = entry["media"]?.string, media != "photo" { continue }
            guard let label = entry["label"]?.string?.lowercased(), let size = sizeLabels[label],
                let source = entry["source"]?.nonEmptyString, let url = FlickrImageURL.upgraded(source)
            else { continue }
            images.append(PhotoImage(size: size, url: url, width: entry["width"]?.int, height: entry["height"]?.int))
        }
        return images.sorted { $0.size < $1.size }
    }

    /// comments.getList is not paged: the whole list is one page. No `comment` key means no comments.
    static func comments(_ root: JSONValue, mode: ParseMode) throws(PhotoramaError) -> Page<PhotoComment> {
        guard let container = root["comments"], container.object != nil else { throw .invalidData("comments: missing") }
        let entries = container["comment"]?.array ?? []
        var comments: [PhotoComment] = []
        for (index, entry) in entries.enumerated() {
            guard let id = entry["id"]?.nonEmptyString else {
                if mode == .strict { throw .invalidData("comments.comment[\(index)]: unreadable entry") }
                continue
            }
            comments.append(
                PhotoComment(
                    id: id,
                    author: entry["authorname"]?.nonEmptyString ?? entry["author"]?.string ?? "",
                    authorID: entry["author"]?.nonEmptyString,
                    date: unixDate(entry["datecreate"]),
                    text: HTMLText.plainText(entry["_content"]?.string ?? ""),
                    permalink: entry["permalink"]?.nonEmptyString.flatMap(FlickrImageURL.upgraded)))
        }
        if !entries.isEmpty, comments.isEmpty { throw .invalidData("the response format has changed") }
        return Page(items: comments, page: 1, pages: comments.isEmpty ? 0 : 1, total: comments.count)
    }

    static func places(_ root: JSONValue) throws(PhotoramaError) -> [FlickrPlace] {
        guard let container = root["places"], container.object != nil else { throw .invalidData("places: missing") }
        return (container["place"]?.array ?? []).compactMap { entry in
            guard let id = entry["place_id"]?.nonEmptyString,
                let lat = entry["latitude"]?.double, let lon = entry["longitude"]?.double,
                (-90...90).contains(lat), (-180...180).contains(lon)
            else { return nil }
            return FlickrPlace(
                name: entry["_content"]?.string ?? "", placeID: id, woeID: entry["woeid"]?.nonEmptyString,
                location: GeoPoint(latitude: lat, longitude: lon), type: entry["place_type"]?.nonEmptyString)
        }
    }

    /// test.echo answers with every parameter as `{"name": {"_content": value}}`.
    static func echo(_ root: JSONValue) -> [String: String] {
        var echoed: [String: String] = [:]
        for (name, value) in root.object ?? [:] where name != "stat" {
            if let text = value.content { echoed[name] = text }
        }
        return echoed
    }

    /// Unix seconds as Flickr sends them ("1296858551"). Values before 1990 are not real upload times
    /// (one recording has "2013"), so they read as unknown.
    static func unixDate(_ value: JSONValue?) -> Date? {
        guard let seconds = value?.int, seconds > 631_152_000 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
