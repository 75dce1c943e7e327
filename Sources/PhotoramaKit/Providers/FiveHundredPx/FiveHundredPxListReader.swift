import Foundation

/// 500px photo lists (`{current_page, total_pages, total_items, photos: [...]}`) read in one pass from the
/// body's bytes: each entry's fields are read into `FiveHundredPxParser.PhotoFields` and the photo is built
/// by the same function the tree uses, so the two can differ only in how fields are read.
///
/// It gives exactly what the reference (`JSONValue.parse` + `FiveHundredPxParser.popular`) gives, or nil,
/// and the caller then runs the reference: for every error (status, not JSON, malformed JSON, a page of
/// unreadable entries, a strict-mode entry) and every form the scanner is unsure of (`JSONBytes.Unsure`).
/// The `500px-list-differential` fuzz target checks the two agree.
enum FiveHundredPxListReader {
    static func page(_ response: WebResponse, includeNSFW: Bool, imageSize: Int, mode: ParseMode) -> Page<Photo>? {
        guard (200..<300).contains(response.status), response.bodyLooksLikeJSON else { return nil }
        return response.body.withUnsafeBytes { raw -> Page<Photo>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var reader = Reader(
                scanner: JSONBytes(bytes, range: 0..<bytes.count), includeNSFW: includeNSFW, imageSize: imageSize, mode: mode)
            return try? reader.root()
        }
    }
}

private typealias Unsure = JSONBytes.Unsure
private typealias Scalar = JSONBytes.Scalar

private struct Reader {
    var scanner: JSONBytes
    let includeNSFW: Bool
    let imageSize: Int
    let mode: ParseMode

    // MARK: - The page

    mutating func root() throws(Unsure) -> Page<Photo> {
        guard try scanner.peek() == UInt8(ascii: "{") else { throw Unsure() }
        try scanner.beginObject()
        var pageValue = Scalar.absent
        var pagesValue = Scalar.absent
        var totalValue = Scalar.absent
        var sawPhotos = false
        var photos: [Photo] = []
        var entries = 0
        var readable = 0
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            let name = try scanner.plainKey(key)
            if JSONBytes.equals(name, "photos") {
                guard !sawPhotos else { throw Unsure() }
                sawPhotos = true
                guard try scanner.peek() == UInt8(ascii: "[") else {
                    try scanner.skipValue()
                    continue
                }
                try scanner.beginArray()
                while try scanner.nextElement(isFirst: entries == 0) {
                    entries += 1
                    var photo: Photo?
                    if try scanner.peek() == UInt8(ascii: "{") {
                        photo = FiveHundredPxParser.photo(try entry(), imageSize: imageSize)
                    } else {
                        try scanner.skipValue()
                    }
                    guard let photo else {
                        if mode == .strict { throw Unsure() }
                        continue
                    }
                    readable += 1
                    if photo.nsfw == true, !includeNSFW { continue }
                    photos.append(photo)
                }
            } else if JSONBytes.equals(name, "current_page") {
                try scanner.once(&pageValue)
            } else if JSONBytes.equals(name, "total_pages") {
                try scanner.once(&pagesValue)
            } else if JSONBytes.equals(name, "total_items") {
                try scanner.once(&totalValue)
            } else {
                try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
        // "The response format has changed" is the reference's to say.
        if entries > 0, readable == 0 { throw Unsure() }
        let page = try scanner.int(pageValue) ?? 1
        return Page(
            items: photos, page: page, pages: try scanner.int(pagesValue) ?? page, total: try scanner.int(totalValue) ?? photos.count)
    }

    // MARK: - One entry

    private enum Slot: Int, CaseIterable {
        case id, name, user, userID, takenAt, width, height, images, imageURL, address, latitude, longitude, tags, description
        case views, nsfw

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.first {
            case UInt8(ascii: "i") where JSONBytes.equals(key, "id"): self = .id
            case UInt8(ascii: "i") where JSONBytes.equals(key, "images"): self = .images
            case UInt8(ascii: "i") where JSONBytes.equals(key, "image_url"): self = .imageURL
            case UInt8(ascii: "n") where JSONBytes.equals(key, "name"): self = .name
            case UInt8(ascii: "n") where JSONBytes.equals(key, "nsfw"): self = .nsfw
            case UInt8(ascii: "u") where JSONBytes.equals(key, "user"): self = .user
            case UInt8(ascii: "u") where JSONBytes.equals(key, "user_id"): self = .userID
            case UInt8(ascii: "u") where JSONBytes.equals(key, "url"): self = .address
            case UInt8(ascii: "t") where JSONBytes.equals(key, "taken_at"): self = .takenAt
            case UInt8(ascii: "t") where JSONBytes.equals(key, "tags"): self = .tags
            case UInt8(ascii: "t") where JSONBytes.equals(key, "times_viewed"): self = .views
            case UInt8(ascii: "w") where JSONBytes.equals(key, "width"): self = .width
            case UInt8(ascii: "h") where JSONBytes.equals(key, "height"): self = .height
            case UInt8(ascii: "l") where JSONBytes.equals(key, "latitude"): self = .latitude
            case UInt8(ascii: "l") where JSONBytes.equals(key, "longitude"): self = .longitude
            case UInt8(ascii: "d") where JSONBytes.equals(key, "description"): self = .description
            default: return nil
            }
        }
    }

    /// The entry at the scanner (an object), its fields read as `PhotoFields.init(_: JSONValue)` reads them.
    private mutating func entry() throws(Unsure) -> FiveHundredPxParser.PhotoFields {
        var slots = [Scalar](repeating: .absent, count: Slot.allCases.count)
        try scanner.beginObject()
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            guard let slot = Slot(try scanner.plainKey(key)) else {
                try scanner.skipValue()
                continue
            }
            try scanner.once(&slots[slot.rawValue])
        }
        func value(_ slot: Slot) -> Scalar { slots[slot.rawValue] }
        var fields = FiveHundredPxParser.PhotoFields()
        fields.id = try scanner.nonEmptyString(value(.id))
        fields.name = try scanner.string(value(.name))
        let user = try members(of: value(.user), ["fullname", "username", "id"])
        fields.fullName = try scanner.nonEmptyString(user[0])
        fields.userName = try scanner.nonEmptyString(user[1])
        fields.userID = try scanner.nonEmptyString(user[2])
        fields.entryUserID = try scanner.nonEmptyString(value(.userID))
        fields.takenAt = try scanner.string(value(.takenAt))
        fields.width = try scanner.int(value(.width))
        fields.height = try scanner.int(value(.height))
        let listed = try elements(of: value(.images))
        if let listed, !listed.isEmpty {
            var images: [FiveHundredPxParser.ListedImage] = []
            for image in listed {
                let parts = try members(of: image, ["size", "https_url", "url"])
                images.append(
                    .init(
                        size: try scanner.int(parts[0]), https: try scanner.nonEmptyString(parts[1]),
                        url: try scanner.nonEmptyString(parts[2])))
            }
            fields.listed = images
        }
        if let addresses = try elements(of: value(.imageURL)) {
            for address in addresses { if let text = try scanner.nonEmptyString(address) { fields.imageURLs.append(text) } }
        } else if let text = try scanner.nonEmptyString(value(.imageURL)) {
            fields.imageURLs = [text]
        }
        fields.address = try scanner.nonEmptyString(value(.address))
        fields.latitude = try scanner.double(value(.latitude))
        fields.longitude = try scanner.double(value(.longitude))
        for tag in try elements(of: value(.tags)) ?? [] { if let text = try scanner.nonEmptyString(tag) { fields.tags.append(text) } }
        fields.description = try scanner.string(value(.description))
        fields.views = try scanner.int(value(.views))
        fields.nsfw = try scanner.bool(value(.nsfw))
        return fields
    }

    // MARK: - Containers

    /// The values of `keys` in the object `value` (absent ones, and all of them when it is not an object, as
    /// `absent`, as the tree's subscript gives nil).
    private func members(of value: Scalar, _ keys: [StaticString]) throws(Unsure) -> [Scalar] {
        var found = [Scalar](repeating: .absent, count: keys.count)
        guard case .container(let start) = value, scanner.bytes[start] == UInt8(ascii: "{") else { return found }
        var object = scanner
        object.position = start
        try object.beginObject()
        var isFirst = true
        while let key = try object.nextKey(isFirst: isFirst) {
            isFirst = false
            let name = try object.plainKey(key)
            if let index = keys.firstIndex(where: { JSONBytes.equals(name, $0) }) {
                try object.once(&found[index])
            } else {
                try object.skipValue()
            }
        }
        return found
    }

    /// The elements of the array `value`, nil when it is not an array.
    private func elements(of value: Scalar) throws(Unsure) -> [Scalar]? {
        guard case .container(let start) = value, scanner.bytes[start] == UInt8(ascii: "[") else { return nil }
        var array = scanner
        array.position = start
        try array.beginArray()
        var values: [Scalar] = []
        while try array.nextElement(isFirst: values.isEmpty) { values.append(try array.scalar()) }
        return values
    }
}
