import Foundation

/// Flickr's photo lists (`{"photos": {page, pages, total, photo: [...]}, "stat": "ok"}`) read in one pass
/// from the body's bytes into `Photo`s with packed renditions: no `JSONValue` tree, and no String for a
/// field that is only compared or copied (keys, `stat`, numbers, server and secret, addresses).
///
/// It gives exactly what the reference (`FlickrEnvelope.open` + `FlickrPhotoParser.page`) gives, or nil,
/// and the caller then runs the reference: for every error (status, not JSON, `stat: fail`, malformed
/// JSON, a missing list, a strict-mode entry, a page of unreadable entries) and every form the scanner is
/// unsure of (`JSONBytes.Unsure`). Rare shapes of a field are read through the reference's own accessors.
/// The `flickr-list-differential` fuzz target checks the two agree.
enum FlickrPhotoListReader {
    /// `list` is the key holding the page: "photos", or "photoset" for an album.
    static func page(_ response: WebResponse, list: StaticString = "photos", mode: ParseMode) -> Page<Photo>? {
        guard (200..<300).contains(response.status) else { return nil }
        return response.body.withUnsafeBytes { raw -> Page<Photo>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var reader = Reader(scanner: JSONBytes(bytes, range: FlickrEnvelope.unwrappedRange(bytes)), list: list, mode: mode)
            return try? reader.root()
        }
    }
}

extension FlickrPhotoListReader {
    /// How to copy `text` when it is a plain address (`http(s)://host[:port]/path`, lower-case host, a
    /// path of letters, digits and `/_-.~` with no dot segment), which URLComponents gives back unchanged:
    /// `upgrade` when it is http to a Flickr host, which `FlickrImageURL.upgraded` makes https. nil for
    /// anything else.
    static func plainAddress(_ text: UnsafeBufferPointer<UInt8>) -> (upgrade: Bool, host: Range<Int>)? {
        let hostStart: Int
        if JSONBytes.startsWith(text, "https://") {
            hostStart = 8
        } else if JSONBytes.startsWith(text, "http://") {
            hostStart = 7
        } else {
            return nil
        }
        var index = hostStart
        while index < text.count, text[index] != UInt8(ascii: "/"), text[index] != UInt8(ascii: ":") {
            let byte = text[index]
            guard Reader.isLowerAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") else { return nil }
            index += 1
        }
        let host = UnsafeBufferPointer(rebasing: text[hostStart..<index])
        guard let first = host.first, let last = host.last, Reader.isLowerAlphanumeric(first), Reader.isLowerAlphanumeric(last) else {
            return nil
        }
        let hostRange = hostStart..<index
        if index < text.count, text[index] == UInt8(ascii: ":") {
            index += 1
            var port = 0
            let portStart = index
            while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9"), index - portStart < 5 {
                port = port * 10 + Int(text[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > portStart, text[portStart] != UInt8(ascii: "0"), port <= 65535,
                index == text.count || text[index] == UInt8(ascii: "/")
            else { return nil }
        }
        var previous: UInt8 = 0
        while index < text.count {
            let byte = text[index]
            guard
                Reader.isLowerAlphanumeric(byte) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "/")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "~")
                    || (byte == UInt8(ascii: ".") && previous != UInt8(ascii: "/") && previous != UInt8(ascii: "."))
            else { return nil }
            previous = byte
            index += 1
        }
        return (hostStart == 7 && JSONBytes.endsWith(host, "flickr.com"), hostRange)
    }
}

private typealias Unsure = JSONBytes.Unsure
private typealias Scalar = JSONBytes.Scalar

/// Where each field an entry uses is kept while the entry is read.
private enum Slot {
    static let id = 0, owner = 1, secret = 2, server = 3, title = 4, ownerName = 5, dateTaken = 6
    static let granularity = 7, latitude = 8, longitude = 9, tags = 10, description = 11, views = 12, license = 13
    /// url_X, width_X and height_X, each by the size's position in `ImageSizeClass.allCases`.
    static let url = 14, width = 26, height = 38
    static let count = 50
    /// Positions in `ImageSizeClass.allCases` of `FlickrImageURL.buildable`, and of the sizes with their own secret.
    static let buildable = FlickrImageURL.buildable.compactMap { ImageSizeClass.allCases.firstIndex(of: $0) }
    static let ownSecret = ImageSizeClass.allCases.indices.filter { ImageSizeClass.ownSecretSizes.contains(ImageSizeClass.allCases[$0]) }
    static let sizes = ImageSizeClass.allCases
}

private struct Reader {
    var scanner: JSONBytes
    let list: StaticString
    let mode: ParseMode
    var slots = [Scalar](repeating: .absent, count: Slot.count)
    /// Addresses of the entry being read, before they are packed.
    var scratch: [UInt8] = []
    var parts: [(size: ImageSizeClass, range: Range<Int>, width: Int?, height: Int?)] = []

    init(scanner: JSONBytes, list: StaticString, mode: ParseMode) {
        self.scanner = scanner
        self.list = list
        self.mode = mode
        scratch.reserveCapacity(1024)
        parts.reserveCapacity(Slot.sizes.count)
    }

    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    // MARK: - Envelope and list

    mutating func root() throws(Unsure) -> Page<Photo> {
        try scanner.beginObject()
        var page: Page<Photo>?
        var sawList = false
        var sawStat = false
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            let name = try scanner.plainKey(key)
            if JSONBytes.equals(name, list) {
                guard !sawList else { throw Unsure() }
                sawList = true
                if try scanner.peek() == UInt8(ascii: "{") { page = try readList() } else { try scanner.skipValue() }
            } else if JSONBytes.equals(name, "stat") {
                guard !sawStat else { throw Unsure() }
                sawStat = true
                // "fail" is the reference's to report (code, message, redaction).
                if case .string(let token) = try scanner.scalar(), token.escaped || JSONBytes.equals(scanner.slice(token.range), "fail") {
                    throw Unsure()
                }
            } else {
                try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let page else { throw Unsure() }
        return page
    }

    private mutating func readList() throws(Unsure) -> Page<Photo> {
        try scanner.beginObject()
        var pageValue = Scalar.absent
        var pagesValue = Scalar.absent
        var totalValue = Scalar.absent
        var sawPhotos = false
        var photos: [Photo] = []
        var entries = 0
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            let name = try scanner.plainKey(key)
            if JSONBytes.equals(name, "photo") {
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
                    if try scanner.peek() == UInt8(ascii: "{") { photo = try entry() } else { try scanner.skipValue() }
                    if let photo {
                        if photos.isEmpty { photos.reserveCapacity(100) }
                        photos.append(photo)
                    } else if mode == .strict {
                        throw Unsure()
                    }
                }
            } else if JSONBytes.equals(name, "page") {
                try scanner.once(&pageValue)
            } else if JSONBytes.equals(name, "pages") {
                try scanner.once(&pagesValue)
            } else if JSONBytes.equals(name, "total") {
                try scanner.once(&totalValue)
            } else {
                try scanner.skipValue()
            }
        }
        if entries > 0, photos.isEmpty { throw Unsure() }
        let page = try scanner.int(pageValue) ?? 1
        let pages = try scanner.int(pagesValue) ?? (photos.isEmpty ? 0 : page)
        let total = try scanner.int(totalValue) ?? photos.count
        return Page(items: photos, page: page, pages: pages, total: total)
    }

    // MARK: - One entry

    /// The entry at the scanner (an object), or nil when it has no usable id, as `FlickrPhotoParser.photo`.
    private mutating func entry() throws(Unsure) -> Photo? {
        for index in slots.indices { slots[index] = .absent }
        try scanner.beginObject()
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            guard let slot = try Self.slot(scanner.plainKey(key)) else {
                try scanner.skipValue()
                continue
            }
            guard case .absent = slots[slot] else { throw Unsure() }
            slots[slot] = try scanner.scalar()
        }
        guard let id = try scanner.nonEmptyString(slots[Slot.id]) else { return nil }
        let owner = try scanner.nonEmptyString(slots[Slot.owner])
        let description = try content(slots[Slot.description])
        return Photo(
            provider: .flickr,
            id: id,
            title: try content(slots[Slot.title]) ?? "",
            owner: try scanner.string(slots[Slot.ownerName]) ?? "",
            ownerID: owner,
            taken: try taken(slots[Slot.dateTaken]),
            takenGranularity: try scanner.int(slots[Slot.granularity]).flatMap(DateGranularity.init(rawValue:)) ?? .exact,
            renditions: try renditions(id: id),
            pageAddress: pageAddress(owner: owner, id: id),
            location: FlickrPhotoParser.location(
                latitude: try scanner.double(slots[Slot.latitude]), longitude: try scanner.double(slots[Slot.longitude])),
            tags: try tags(slots[Slot.tags]),
            description: description.map { $0.isEmpty ? "" : HTMLText.plainText($0) } ?? "",
            views: try scanner.int(slots[Slot.views]),
            licenseID: FlickrPhotoParser.licenseID(try scanner.int(slots[Slot.license]))
        )
    }

    /// As `FlickrPhotoParser.images`, packed as `Photo.init` packs them (smallest first).
    private mutating func renditions(id: String) throws(Unsure) -> PhotoRenditions {
        scratch.removeAll(keepingCapacity: true)
        parts.removeAll(keepingCapacity: true)
        var found = [Range<Int>?](repeating: nil, count: Slot.sizes.count)
        var largest: Int?
        var largestShared: Int?
        for index in Slot.sizes.indices {
            guard let range = try address(slots[Slot.url + index]) else { continue }
            found[index] = range
            largest = index
            if !Slot.ownSecret.contains(index) { largestShared = index }
        }
        let limit = largestShared ?? largest
        var built = [Bool](repeating: false, count: Slot.sizes.count)
        if let server = try scanner.nonEmptyString(slots[Slot.server]), let secret = try scanner.nonEmptyString(slots[Slot.secret]),
            FlickrImageURL.isToken(server), FlickrImageURL.isToken(id), FlickrImageURL.isToken(secret)
        {
            for index in Slot.buildable where found[index] == nil && (limit.map { index <= $0 } ?? true) { built[index] = true }
            for index in Slot.buildable where built[index] {
                let start = scratch.count
                scratch.append(contentsOf: "\(FlickrImageURL.host)/".utf8)
                scratch.append(contentsOf: server.utf8)
                scratch.append(UInt8(ascii: "/"))
                scratch.append(contentsOf: id.utf8)
                scratch.append(UInt8(ascii: "_"))
                scratch.append(contentsOf: secret.utf8)
                if let suffix = Slot.sizes[index].urlSuffix {
                    scratch.append(UInt8(ascii: "_"))
                    scratch.append(contentsOf: suffix.utf8)
                }
                scratch.append(contentsOf: ".jpg".utf8)
                found[index] = start..<scratch.count
            }
        }
        for index in Slot.sizes.indices {
            guard let range = found[index] else { continue }
            let width = built[index] ? nil : try scanner.int(slots[Slot.width + index])
            let height = built[index] ? nil : try scanner.int(slots[Slot.height + index])
            parts.append((Slot.sizes[index], range, width, height))
        }
        return PhotoRenditions(packing: scratch, parts)
    }

    /// A `url_X` as `FlickrImageURL.upgraded` gives it, appended to `scratch`. Plain addresses
    /// (`http(s)://host/path` with lower-case host and a path of letters, digits, `/_-.~` and no dot
    /// segment) are copied; anything else goes through URLComponents as the reference does.
    private mutating func address(_ value: Scalar) throws(Unsure) -> Range<Int>? {
        if case .string(let token) = value, !token.escaped, !token.nonASCII,
            let plain = FlickrPhotoListReader.plainAddress(scanner.slice(token.range))
        {
            let start = scratch.count
            if plain.upgrade {
                scratch.append(contentsOf: "https://".utf8)
                scratch.append(contentsOf: scanner.slice((token.range.lowerBound + 7)..<token.range.upperBound))
            } else {
                scratch.append(contentsOf: scanner.slice(token.range))
            }
            return start..<scratch.count
        }
        guard let text = try scanner.nonEmptyString(value), let url = FlickrImageURL.upgraded(text) else { return nil }
        let start = scratch.count
        scratch.append(contentsOf: url.absoluteString.utf8)
        return start..<scratch.count
    }

    static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// As `FlickrPhotoParser.pageURL(owner:id:)?.absoluteString`; owner and id of letters, digits, `@_~-`
    /// need no escaping and are written as they are.
    private func pageAddress(owner: String?, id: String) -> String? {
        guard let owner else { return nil }
        func plain(_ text: String) -> Bool {
            !text.isEmpty
                && text.utf8.allSatisfy {
                    Self.isLowerAlphanumeric($0) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 == UInt8(ascii: "@")
                        || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "-")
                }
        }
        if plain(owner), plain(id) { return "https://www.flickr.com/photos/\(owner)/\(id)/" }
        return FlickrPhotoParser.pageURL(owner: owner, id: id)?.absoluteString
    }

    // MARK: - Fields the other readers do not have

    /// `.content`: `{"_content": …}`'s string, or a plain string.
    private func content(_ value: Scalar) throws(Unsure) -> String? {
        guard case .container(let start) = value else { return try scanner.string(value) }
        guard bytes[start] == UInt8(ascii: "{") else { return nil }
        var object = scanner
        object.position = start
        try object.beginObject()
        var inner = Scalar.absent
        var isFirst = true
        while let key = try object.nextKey(isFirst: isFirst) {
            isFirst = false
            if JSONBytes.equals(try scanner.plainKey(key), "_content") {
                guard case .absent = inner else { throw Unsure() }
                inner = try object.scalar()
            } else {
                try object.skipValue()
            }
        }
        return try scanner.string(inner)
    }

    private func taken(_ value: Scalar) throws(Unsure) -> LocalDateTime? {
        if case .string(let token) = value, !token.escaped {
            return LocalDateTime(utf8: scanner.slice(token.range))
        }
        return try scanner.string(value).flatMap(LocalDateTime.init(parsing:))
    }

    /// Space-separated tags; other shapes as `FlickrPhotoParser.tags`.
    private func tags(_ value: Scalar) throws(Unsure) -> [String] {
        switch value {
        case .absent: return []
        case .string(let token) where !token.escaped && !token.nonASCII:
            var tags: [String] = []
            var start = token.range.lowerBound
            for index in token.range where bytes[index] == 0x20 {
                if index > start { tags.append(scanner.text(start..<index)) }
                start = index + 1
            }
            if token.range.upperBound > start { tags.append(scanner.text(start..<token.range.upperBound)) }
            return tags
        default: return FlickrPhotoParser.tags(try scanner.value(of: value))
        }
    }

    // MARK: - Keys

    /// The slot of an entry's key, nil for keys no field reads.
    static func slot(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = key.first else { return nil }
        switch first {
        case UInt8(ascii: "u") where JSONBytes.startsWith(key, "url_"): return sizeIndex(key, from: 4).map { Slot.url + $0 }
        case UInt8(ascii: "w") where JSONBytes.startsWith(key, "width_"): return sizeIndex(key, from: 6).map { Slot.width + $0 }
        case UInt8(ascii: "h") where JSONBytes.startsWith(key, "height_"): return sizeIndex(key, from: 7).map { Slot.height + $0 }
        case UInt8(ascii: "i") where JSONBytes.equals(key, "id"): return Slot.id
        case UInt8(ascii: "o") where JSONBytes.equals(key, "owner"): return Slot.owner
        case UInt8(ascii: "o") where JSONBytes.equals(key, "ownername"): return Slot.ownerName
        case UInt8(ascii: "s") where JSONBytes.equals(key, "secret"): return Slot.secret
        case UInt8(ascii: "s") where JSONBytes.equals(key, "server"): return Slot.server
        case UInt8(ascii: "t") where JSONBytes.equals(key, "title"): return Slot.title
        case UInt8(ascii: "t") where JSONBytes.equals(key, "tags"): return Slot.tags
        case UInt8(ascii: "d") where JSONBytes.equals(key, "datetaken"): return Slot.dateTaken
        case UInt8(ascii: "d") where JSONBytes.equals(key, "datetakengranularity"): return Slot.granularity
        case UInt8(ascii: "d") where JSONBytes.equals(key, "description"): return Slot.description
        case UInt8(ascii: "l") where JSONBytes.equals(key, "latitude"): return Slot.latitude
        case UInt8(ascii: "l") where JSONBytes.equals(key, "longitude"): return Slot.longitude
        case UInt8(ascii: "l") where JSONBytes.equals(key, "license"): return Slot.license
        case UInt8(ascii: "v") where JSONBytes.equals(key, "views"): return Slot.views
        default: return nil
        }
    }

    /// The position in `ImageSizeClass.allCases` of the size id after `from` ("sq", "q", … "o").
    private static func sizeIndex(_ key: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let id = UnsafeBufferPointer(rebasing: key[start...])
        return Slot.sizes.firstIndex { size in
            let raw = size.rawValue.utf8
            return raw.count == id.count && raw.elementsEqual(id)
        }
    }
}
