import Foundation

/// Reads Flickr's photo list entries (getRecent, search, galleries, people) into `Photo`.
enum FlickrPhotoParser {
    /// A page of photos from `{"photos": {page, pages, perpage, total, photo: [...]}}`.
    static func page(_ root: JSONValue, mode: ParseMode) throws(PhotoramaError) -> Page<Photo> {
        guard let list = root["photos"], list.object != nil else { throw .invalidData("photos: missing") }
        let entries = list["photo"]?.array ?? []
        var photos: [Photo] = []
        photos.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let photo = photo(entry) {
                photos.append(photo)
            } else if mode == .strict {
                throw .invalidData("photos.photo[\(index)]: unreadable entry")
            }
        }
        if !entries.isEmpty, photos.isEmpty { throw .invalidData("the response format has changed") }
        let page = list["page"]?.int ?? 1
        let pages = list["pages"]?.int ?? (photos.isEmpty ? 0 : page)
        let total = list["total"]?.int ?? photos.count
        return Page(items: photos, page: page, pages: pages, total: total)
    }

    /// One entry; nil when it has no usable id (everything else is optional).
    static func photo(_ entry: JSONValue) -> Photo? {
        guard entry.object != nil, let id = entry["id"]?.nonEmptyString else { return nil }
        let owner = entry["owner"]?.nonEmptyString
        return Photo(
            provider: .flickr,
            id: id,
            title: entry["title"]?.content ?? "",
            owner: entry["ownername"]?.string ?? "",
            ownerID: owner,
            taken: entry["datetaken"]?.string.flatMap(LocalDateTime.init(parsing:)),
            takenGranularity: granularity(entry["datetakengranularity"]),
            images: images(entry, id: id),
            pageURL: pageURL(owner: owner, id: id),
            location: location(latitude: entry["latitude"], longitude: entry["longitude"]),
            tags: tags(entry["tags"]),
            description: entry["description"]?.content.map(HTMLText.plainText) ?? "",
            views: entry["views"]?.int,
            licenseID: licenseID(entry["license"])
        )
    }

    /// Every `url_*` the entry has, with its dimensions. Missing shared-secret sizes below the largest
    /// shared-secret size present are built from server/id/secret (all of them when the entry has no url_*
    /// at all): a photo whose original is 400 px wide has url_m and url_o but no url_z, and a built _z
    /// would not exist.
    static func images(_ entry: JSONValue, id: String) -> [PhotoImage] {
        var images: [PhotoImage] = []
        for size in ImageSizeClass.allCases {
            guard let text = entry[size.extra]?.nonEmptyString, let url = FlickrImageURL.upgraded(text) else { continue }
            images.append(
                PhotoImage(
                    size: size, url: url, width: entry["width_\(size.rawValue)"]?.int,
                    height: entry["height_\(size.rawValue)"]?.int))
        }
        guard let server = entry["server"]?.nonEmptyString, let secret = entry["secret"]?.nonEmptyString else {
            return images
        }
        let sizes = images.map(\.size)
        let largest = sizes.filter { !ImageSizeClass.ownSecretSizes.contains($0) }.max() ?? sizes.max()
        let present = Set(images.map(\.size))
        for size in FlickrImageURL.buildable where !present.contains(size) {
            if let largest, size > largest { continue }
            if let url = FlickrImageURL.make(server: server, id: id, secret: secret, size: size) {
                images.append(PhotoImage(size: size, url: url))
            }
        }
        return images
    }

    /// `license` as Flickr sends it ("4" in lists and getInfo, 4 elsewhere); nil unless 0 to 99.
    static func licenseID(_ value: JSONValue?) -> Int? {
        licenseID(value?.int)
    }

    static func licenseID(_ value: Int?) -> Int? {
        value.flatMap { (0...99).contains($0) ? $0 : nil }
    }

    static func granularity(_ value: JSONValue?) -> DateGranularity {
        value?.int.flatMap(DateGranularity.init(rawValue:)) ?? .exact
    }

    /// nil for missing values, out-of-range values and Flickr's 0, 0 ("no location").
    static func location(latitude: JSONValue?, longitude: JSONValue?) -> GeoPoint? {
        location(latitude: latitude?.double, longitude: longitude?.double)
    }

    static func location(latitude: Double?, longitude: Double?) -> GeoPoint? {
        guard let lat = latitude, let lon = longitude, lat != 0 || lon != 0,
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return GeoPoint(latitude: lat, longitude: lon)
    }

    /// Space-separated in lists; an array of `{raw, _content}` in getInfo.
    static func tags(_ value: JSONValue?) -> [String] {
        if let text = value?.string { return text.split(separator: " ").map(String.init) }
        if let list = value?["tag"]?.array ?? value?.array {
            return list.compactMap { $0["raw"]?.nonEmptyString ?? $0.content }
        }
        return []
    }

    /// `https://www.flickr.com/photos/{owner}/{id}/`, with the "@" of an NSID kept as Flickr writes it.
    static func pageURL(owner: String?, id: String) -> URL? {
        guard let owner, let ownerSegment = pathSegment(owner), let idSegment = pathSegment(id) else { return nil }
        return URL(string: "https://www.flickr.com/photos/\(ownerSegment)/\(idSegment)/")
    }

    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?#%"))

    static func pathSegment(_ text: String) -> String? {
        text.addingPercentEncoding(withAllowedCharacters: segmentAllowed)
    }
}
