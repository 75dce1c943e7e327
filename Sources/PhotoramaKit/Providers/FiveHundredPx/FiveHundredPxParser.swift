import Foundation

/// Reads 500px v1 answers, tolerating the shape drift of 2012–2019: `image_url` as a string or an
/// array, `nsfw` absent, nulls nearly everywhere, ids as numbers.
enum FiveHundredPxParser {
    // MARK: - Answers
    static func popular(_ root: JSONValue, includeNSFW: Bool, imageSize: Int, mode: ParseMode) throws(PhotoramaError) -> Page<Photo> {
        guard root.object != nil else { throw .invalidData("expected a JSON object") }
        let entries = root["photos"]?.array ?? []
        var photos: [Photo] = []
        var readable = 0
        for (index, entry) in entries.enumerated() {
            guard let photo = photo(entry, imageSize: imageSize) else {
                if mode == .strict { throw .invalidData("photos[\(index)]: unreadable entry") }
                continue
            }
            readable += 1
            if photo.nsfw == true, !includeNSFW { continue }
            photos.append(photo)
        }
        if !entries.isEmpty, readable == 0 { throw .invalidData("the response format has changed") }
        let page = root["current_page"]?.int ?? 1
        return Page(
            items: photos, page: page, pages: root["total_pages"]?.int ?? page,
            total: root["total_items"]?.int ?? photos.count)
    }

    static func detail(_ root: JSONValue, imageSize: Int) throws(PhotoramaError) -> PhotoDetail {
        guard let entry = root["photo"], let photo = photo(entry, imageSize: imageSize) else {
            throw .invalidData("photo.id: missing")
        }
        let user = entry["user"]
        return PhotoDetail(
            photo: photo,
            ownerUsername: user?["username"]?.nonEmptyString,
            ownerRealName: user?["fullname"]?.nonEmptyString,
            ownerLocation: [user?["city"]?.nonEmptyString, user?["country"]?.nonEmptyString]
                .compactMap { $0 }.joined(separator: ", ").nilIfEmpty,
            commentCount: entry["comments_count"]?.int,
            voteCount: entry["votes_count"]?.int,
            rating: entry["rating"]?.double ?? entry["highest_rating"]?.double,
            uploaded: date(entry["created_at"]),
            camera: entry["camera"]?.nonEmptyString,
            lens: entry["lens"]?.nonEmptyString)
    }

    static func comments(_ root: JSONValue, mode: ParseMode) throws(PhotoramaError) -> Page<PhotoComment> {
        guard root.object != nil else { throw .invalidData("expected a JSON object") }
        let entries = root["comments"]?.array ?? []
        var comments: [PhotoComment] = []
        for (index, entry) in entries.enumerated() {
            guard let id = entry["id"]?.nonEmptyString else {
                if mode == .strict { throw .invalidData("comments[\(index)]: unreadable entry") }
                continue
            }
            let user = entry["user"]
            comments.append(
                PhotoComment(
                    id: id,
                    author: user?["fullname"]?.nonEmptyString ?? user?["username"]?.nonEmptyString ?? "",
                    authorID: entry["user_id"]?.nonEmptyString ?? user?["id"]?.nonEmptyString,
                    date: date(entry["created_at"]),
                    text: HTMLText.plainText(entry["body"]?.string ?? "")))
        }
        if !entries.isEmpty, comments.isEmpty { throw .invalidData("the response format has changed") }
        let page = root["current_page"]?.int ?? 1
        return Page(
            items: comments, page: page, pages: root["total_pages"]?.int ?? page,
            total: root["total_items"]?.int ?? comments.count)
    }

    // MARK: - Photos
    /// One photo in the short format; nil without a usable id.
    static func photo(_ entry: JSONValue, imageSize: Int) -> Photo? {
        guard entry.object != nil else { return nil }
        return photo(PhotoFields(entry), imageSize: imageSize)
    }

    /// A photo from its fields, however they were read (the tree here, the bytes in `FiveHundredPxListReader`).
    static func photo(_ fields: PhotoFields, imageSize: Int) -> Photo? {
        guard let id = fields.id else { return nil }
        return Photo(
            provider: .fiveHundredPx,
            id: id,
            title: fields.name ?? "",
            owner: fields.fullName ?? fields.userName ?? "",
            ownerID: fields.userID ?? fields.entryUserID,
            taken: fields.takenAt.flatMap(LocalDateTime.init(parsing:)),
            images: images(fields, imageSize: imageSize),
            pageURL: pageURL(fields.address, id: id),
            location: FlickrPhotoParser.location(latitude: fields.latitude, longitude: fields.longitude),
            tags: fields.tags,
            description: fields.description.map(HTMLText.plainText) ?? "",
            views: fields.views,
            nsfw: fields.nsfw)
    }

    /// What a photo is made of, each as `JSONValue`'s accessor reads it (`nonEmptyString`, `string`, `int`,
    /// `double`, `bool`), so the tree and the byte reader build the same photo.
    struct PhotoFields {
        var id: String?
        var name: String?
        /// The `user` object's `fullname`, `username` and `id`.
        var fullName: String?
        var userName: String?
        var userID: String?
        /// `user_id` beside the user object.
        var entryUserID: String?
        var takenAt: String?
        var width: Int?
        var height: Int?
        /// `images: [{size, url, https_url}]`; nil unless it is a non-empty array.
        var listed: [ListedImage]?
        /// `image_url`'s addresses: the string, or the array's strings.
        var imageURLs: [String] = []
        /// `url`: the photo's page, a path or an address.
        var address: String?
        var latitude: Double?
        var longitude: Double?
        var tags: [String] = []
        var description: String?
        var views: Int?
        var nsfw: Bool?

        init() {}

        init(_ entry: JSONValue) {
            id = entry["id"]?.nonEmptyString
            name = entry["name"]?.string
            let user = entry["user"]
            fullName = user?["fullname"]?.nonEmptyString
            userName = user?["username"]?.nonEmptyString
            userID = user?["id"]?.nonEmptyString
            entryUserID = entry["user_id"]?.nonEmptyString
            takenAt = entry["taken_at"]?.string
            width = entry["width"]?.int
            height = entry["height"]?.int
            if let list = entry["images"]?.array, !list.isEmpty {
                listed = list.map {
                    ListedImage(size: $0["size"]?.int, https: $0["https_url"]?.nonEmptyString, url: $0["url"]?.nonEmptyString)
                }
            }
            imageURLs = entry["image_url"]?.array?.compactMap(\.nonEmptyString) ?? [entry["image_url"]?.nonEmptyString].compactMap { $0 }
            address = entry["url"]?.nonEmptyString
            latitude = entry["latitude"]?.double
            longitude = entry["longitude"]?.double
            tags = (entry["tags"]?.array ?? []).compactMap(\.nonEmptyString)
            description = entry["description"]?.string
            views = entry["times_viewed"]?.int
            nsfw = entry["nsfw"]?.bool
        }
    }

    /// One of `images`: its size id and addresses.
    struct ListedImage {
        var size: Int?
        var https: String?
        var url: String?
    }

    // MARK: - Image sizes
    /// From `images: [{size, url, https_url}]` when present, else from `image_url` (a string, or an
    /// array in the order of the sizes asked for); a URL ending in `/N.jpg` names its own size.
    static func images(_ fields: PhotoFields, imageSize: Int) -> [PhotoImage] {
        let width = fields.width
        let height = fields.height
        var found: [(Int, URL)] = []
        if let list = fields.listed {
            for image in list {
                guard let size = image.size, let url = (image.https ?? image.url).flatMap(URL.init(string:)) else { continue }
                found.append((size, url))
            }
        } else {
            for text in fields.imageURLs {
                guard let url = URL(string: text) else { continue }
                found.append((sizeNamed(in: url) ?? imageSize, url))
            }
        }
        return found.map { size, url in
            if let sizeClass = sizeClass(size) {
                let dims = dimensions(size, width: width, height: height)
                return PhotoImage(size: sizeClass, url: url, width: dims?.0, height: dims?.1)
            }
            // A size id we do not know (the 2019 API sends 22, 31, 32 …): keep the image, sized from the
            // URL's own resize parameters, else from the photo's dimensions.
            let dims = dimensionsInURL(url, width: width, height: height) ?? width.flatMap { w in height.map { (w, $0) } }
            let edge = dims.map { max($0.0, $0.1) } ?? ImageSizeClass.medium640.nominalLongestEdge
            return PhotoImage(size: sizeClass(forLongestEdge: edge), url: url, width: dims?.0, height: dims?.1)
        }
    }

    /// The smallest size class whose nominal edge holds `edge` pixels (the original beyond 2048).
    static func sizeClass(forLongestEdge edge: Int) -> ImageSizeClass {
        let ordered: [ImageSizeClass] = [
            .thumbnail100, .small240, .small320, .medium500, .medium640, .medium800, .large1024, .large1600, .large2048,
        ]
        return ordered.first { $0.nominalLongestEdge >= edge } ?? .original
    }

    /// 500px's resizing URLs carry their size in a path segment such as `m%3D2048` (longest edge),
    /// `h%3D450` (height) or `w%3D600` (width), joined by `_` with other parameters (`q%3D80_m%3D2048`).
    static func dimensionsInURL(_ url: URL, width: Int?, height: Int?) -> (Int, Int)? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        for segment in url.path.split(separator: "/") {
            let decoded = segment.replacingOccurrences(of: "%3D", with: "=").replacingOccurrences(of: "%3d", with: "=")
            for parameter in decoded.split(separator: "_") {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = Int(parts[1]), value > 0 else { continue }
                let scale: Double
                switch parts[0] {
                case "m": scale = min(1, Double(value) / Double(max(width, height)))
                case "h": scale = min(1, Double(value) / Double(height))
                case "w": scale = min(1, Double(value) / Double(width))
                default: continue
                }
                return (Int((Double(width) * scale).rounded()), Int((Double(height) * scale).rounded()))
            }
        }
        return nil
    }

    /// The nearest Flickr size class for a 500px image_size id.
    static func sizeClass(_ size: Int) -> ImageSizeClass? {
        switch size {
        case 1: .square75
        case 2: .square150
        case 3: .small320
        case 30: .small240
        case 20: .small320
        case 21: .medium640
        case 4: .medium800
        case 5, 1080: .large1024
        case 1600: .large1600
        case 2048: .large2048
        default: nil
        }
    }

    /// Pixel size of rendition `size` for an original of `width`×`height`: squares are fixed, the rest
    /// scale the original down (never up) to their longest edge or height.
    static func dimensions(_ size: Int, width: Int?, height: Int?) -> (Int, Int)? {
        switch size {
        case 1: return (70, 70)
        case 2: return (140, 140)
        case 3: return (280, 280)
        default: break
        }
        guard let width, let height, width > 0, height > 0 else { return nil }
        let scale: Double
        switch size {
        case 20: scale = min(1, 300 / Double(height))
        case 21: scale = min(1, 600 / Double(height))
        case 4: scale = min(1, 900 / Double(max(width, height)))
        case 5: scale = min(1, 1170 / Double(max(width, height)))
        case 30: scale = min(1, 256 / Double(max(width, height)))
        case 1080, 1600, 2048: scale = min(1, Double(size) / Double(max(width, height)))
        default: return nil
        }
        return (Int((Double(width) * scale).rounded()), Int((Double(height) * scale).rounded()))
    }

    /// Old CDN URLs end in `/4.jpg`.
    static func sizeNamed(in url: URL) -> Int? {
        let last = url.lastPathComponent
        guard last.hasSuffix(".jpg"), let size = Int(last.dropLast(4)), sizeClass(size) != nil else { return nil }
        return size
    }

    // MARK: - Fields
    static func pageURL(_ path: String?, id: String) -> URL? {
        if let path {
            if path.hasPrefix("http://") || path.hasPrefix("https://") { return URL(string: path) }
            if path.hasPrefix("/") { return URL(string: "https://500px.com\(path)") }
        }
        return URL(string: "https://500px.com/photo/\(id)")
    }

    static func date(_ value: JSONValue?) -> Date? {
        guard let text = value?.nonEmptyString else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

// MARK: - Helpers
extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
