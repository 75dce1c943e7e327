import Foundation
import PhotoramaText

/// Reads the MediaWiki Action API's `query` answers for files, as Commons really sends them: `pages` as an
/// object keyed by page id (formatversion 1) or an array (2); `continue`, legacy `query-continue` or none;
/// pages without `imageinfo` (a prop continuation, a missing file); `extmetadata` values as strings, numbers
/// or multilingual objects, with HTML in them. Non-images (PDF, audio, video) and files with no picture to
/// show are left out.
enum CommonsParser {
    /// The `extmetadata` fields asked for (`iiextmetadatafilter`) and read.
    static let metadataKeys = CommonsFile.MetadataKey.allCases.map(\.rawValue)

    /// `{"error": {"code", "info"}}` (sent with HTTP 200) as one line; anything but an object is unreadable.
    static func checkError(_ root: JSONValue) throws(PhotoramaError) {
        guard root.object != nil else { throw .invalidData("expected a JSON object") }
        guard let error = root["error"] else { return }
        let code = error["code"]?.nonEmptyString ?? "error"
        let info = error["info"]?.nonEmptyString ?? error["*"]?.nonEmptyString ?? "no reason given"
        throw .service("Wikimedia Commons: \(Sanitizer.singleLine(info)) (\(code))")
    }

    // MARK: - Answers
    /// One page of files. `offset` is how many results earlier pages held; there is another page when the
    /// answer says where to continue the search.
    static func page(_ root: JSONValue, page: Int, offset: Int) throws(PhotoramaError) -> Page<Photo> {
        answer(root).page(page, offset: offset)
    }

    /// The answer's files in search order, and where it continues. `CommonsAnswerReader` gives the same
    /// straight from the bytes.
    static func answer(_ root: JSONValue) -> CommonsAnswer {
        var ranked: [CommonsAnswer.File] = []
        for (position, entry) in pageList(root).enumerated() {
            let file = CommonsFile(entry)
            if let photo = photo(file) { ranked.append(CommonsAnswer.File(rank: file.rank ?? Int.max, position: position, photo: photo)) }
        }
        return CommonsAnswer(files: ranked, more: continues(root), batchContinuation: batchContinuation(root))
    }

    /// The first file of the answer with its extras; nil when there is none that is an image.
    static func detail(_ root: JSONValue) throws(PhotoramaError) -> PhotoDetail? {
        for entry in pages(root) {
            let file = CommonsFile(entry)
            guard let photo = photo(file) else { continue }
            // The creator (`Artist`) is who the sidecar and the detail credit; the uploader is only the account.
            var detail = PhotoDetail(photo: photo, ownerUsername: file.info?.user, ownerRealName: photo.owner.nilIfEmpty)
            detail.creatorURL = file.info?[.artist].flatMap(firstLink)
            return detail
        }
        return nil
    }

    /// `query.pages` in search order (`index`, else as sent); the object form's keys are page ids.
    static func pages(_ root: JSONValue) -> [JSONValue] {
        pageList(root).enumerated().sorted { a, b in
            (a.element["index"]?.int ?? Int.max, a.offset) < (b.element["index"]?.int ?? Int.max, b.offset)
        }.map(\.element)
    }

    /// `query.pages` as sent: an array, or an object's values by key.
    private static func pageList(_ root: JSONValue) -> [JSONValue] {
        let value = root["query"]?["pages"]
        return value?.array ?? value?.object.map { $0.sorted { $0.key < $1.key }.map(\.value) } ?? []
    }

    /// Keys of a `continue` block that continue this batch's properties, not the list.
    static let ofThisBatch: Set<String> = ["continue", "iistart", "iicontinue", "cocontinue"]

    /// Whether the list goes on: a `continue` (or legacy `query-continue`) block that continues the
    /// generator (`gsroffset`, `gaicontinue` …), not only a property of this batch's files.
    static func continues(_ root: JSONValue) -> Bool {
        if let block = root["continue"]?.object { return continues(keys: block.keys) }
        if let legacy = root["query-continue"]?.object { return continuesLegacy(keys: legacy.keys) }
        return false
    }

    static func continues(keys: some Sequence<String>) -> Bool { keys.contains { !ofThisBatch.contains($0) } }

    static func continuesLegacy(keys: some Sequence<String>) -> Bool { keys.contains { !["imageinfo", "coordinates"].contains($0) } }

    /// The `continue` block's values when it continues imageinfo (`iicontinue`, `iistart`): some files of
    /// this batch have theirs in the next answer. Empty otherwise.
    static func batchContinuation(_ root: JSONValue) -> [String: String] {
        guard let block = root["continue"]?.object else { return [:] }
        return batchContinuation(block.compactMapValues(\.string))
    }

    static func batchContinuation(_ values: [String: String]) -> [String: String] {
        values.keys.contains("iicontinue") || values.keys.contains("iistart") ? values : [:]
    }

    // MARK: - Files
    /// One file as a photo; nil for a missing file, one without imageinfo, a non-image or one with no picture.
    static func photo(_ file: CommonsFile) -> Photo? {
        guard let title = file.title, let info = file.info, isImage(info) else { return nil }
        let images = CommonsRenditionBytes.packed(info) ?? PhotoRenditions(ordering: renditions(info))
        guard !images.isEmpty else { return nil }
        let artist = info[.artist].map(plain)
        let location =
            FlickrPhotoParser.location(
                latitude: info[.gpsLatitude].flatMap { Double($0) }, longitude: info[.gpsLongitude].flatMap { Double($0) })
            ?? FlickrPhotoParser.location(latitude: file.latitude, longitude: file.longitude)
        return Photo(
            provider: .commons, id: title,
            title: info[.objectName].map(plain).flatMap(\.nilIfEmpty) ?? displayName(title),
            owner: artist.flatMap(\.nilIfEmpty) ?? info.user ?? "",
            ownerID: info.user,
            // At most 19 bytes are at most 19 Characters: no prefix to make.
            taken: info[.dateTimeOriginal].map(plain).flatMap { LocalDateTime(parsing: $0.utf8.count <= 19 ? $0 : String($0.prefix(19))) },
            takenGranularity: .exact,
            renditions: images,
            pageAddress: info.descriptionURL.flatMap { AbsoluteAddress.text($0, requiringScheme: false) },
            location: location,
            tags: info[.categories].map(categories) ?? [],
            description: info[.imageDescription].map(HTMLText.plainText) ?? "",
            views: nil, licenseID: nil,
            licenseTag: license(info))
    }

    /// `Categories`, separated by "|": split at the bytes where each "|" is a Character of its own, else by
    /// Characters (the Character split was a tenth of making a Commons photo).
    static func categories(_ text: String) -> [String] {
        let split = HTMLTextBytes.reading(text) { reader -> [String]? in
            var names: [String] = []
            var start = 0
            for index in 0...reader.bytes.count where index == reader.bytes.count || reader.bytes[index] == UInt8(ascii: "|") {
                if index < reader.bytes.count, !reader.standsAlone(index) { return nil }
                if index > start {
                    names.append(String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            return names
        }
        return split ?? text.split(separator: "|").map(String.init)
    }

    /// `mime` image/…; without it `mediatype` BITMAP or DRAWING; without either, a picture with a size.
    static func isImage(_ info: CommonsFile.Info) -> Bool {
        // The common spelling first: lower-casing every file's type was 1 % of a Commons page.
        if let mime = info.mime { return mime.hasPrefix("image/") || mime.lowercased().hasPrefix("image/") }
        if let type = info.mediaType { return ["BITMAP", "DRAWING"].contains(type.uppercased()) }
        return (info.width ?? 0) > 0 && (info.height ?? 0) > 0
    }

    /// The thumbnail asked for, larger ones made from its address (Commons scales to any width in the
    /// `NNNpx-` segment) while the original is larger, and the original when it is a format we decode.
    static func renditions(_ info: CommonsFile.Info) -> [PhotoImage] {
        let width = info.width.flatMap { $0 > 0 ? $0 : nil }
        let height = info.height.flatMap { $0 > 0 ? $0 : nil }
        var images: [PhotoImage] = []
        func add(_ address: String?, _ w: Int?, _ h: Int?) {
            // At most four addresses: a list is cheaper than hashing them.
            guard let address, let text = AbsoluteAddress.text(address), !images.contains(where: { $0.address == text }) else { return }
            let edge = w.flatMap { w in h.map { max(w, $0) } }
            let size = edge.map(FiveHundredPxParser.sizeClass(forLongestEdge:)) ?? .medium640
            images.append(PhotoImage(size: size, address: text, width: w, height: h))
        }
        let thumb = absolute(info.thumbURL)
        let thumbWidth = info.thumbWidth
        add(thumb, thumbWidth, info.thumbHeight)
        if let thumb, let thumbWidth, thumbWidth > 0, let width, let height {
            for larger in [800, 1600] where larger > thumbWidth && larger < width {
                guard let scaledAddress = replacing("/\(thumbWidth)px-", with: "/\(larger)px-", in: thumb) else { break }
                let scaled = Int((Double(height) * Double(larger) / Double(width)).rounded())
                add(scaledAddress, larger, scaled)
            }
        }
        if let original = absolute(info.url), decodable(info, address: original) {
            add(original, width, height)
        }
        return images
    }

    /// `text` with every `old` replaced by `new`; nil when `old` does not occur. ASCII text is done byte by
    /// byte, which is what Foundation's replacement gives there without its cost.
    static func replacing(_ old: String, with new: String, in text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }), old.utf8.allSatisfy({ $0 < 0x80 }), let first = old.utf8.first else {
            return text.contains(old) ? text.replacingOccurrences(of: old, with: new) : nil
        }
        let needle = Array(old.utf8)
        return HTMLTextBytes.reading(text) { reader -> String? in
            let bytes = reader.bytes
            var out: [UInt8] = []
            var index = 0
            var copied = 0
            var found = false
            while index + needle.count <= bytes.count {
                if bytes[index] == first, UnsafeBufferPointer(rebasing: bytes[index..<index + needle.count]).elementsEqual(needle) {
                    if !found { out.reserveCapacity(bytes.count + new.utf8.count) }
                    out.append(contentsOf: bytes[copied..<index])
                    out.append(contentsOf: new.utf8)
                    index += needle.count
                    copied = index
                    found = true
                } else {
                    index += 1
                }
            }
            guard found else { return nil }
            out.append(contentsOf: bytes[copied...])
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// JPEG, PNG and GIF originals are drawn as they are; others (SVG, TIFF, WebP …) only through thumbnails.
    static func decodable(_ info: CommonsFile.Info, address: String) -> Bool {
        let formats = ["image/jpeg", "image/png", "image/gif"]
        if let mime = info.mime { return formats.contains(mime) || formats.contains(mime.lowercased()) }
        let name = address.split(separator: "?").first.map { $0.lowercased() } ?? ""
        return [".jpg", ".jpeg", ".png", ".gif"].contains { name.hasSuffix($0) }
    }

    /// `LicenseShortName` (else `UsageTerms`), `LicenseUrl` made absolute, `AttributionRequired`.
    static func license(_ info: CommonsFile.Info) -> LicenseTag? {
        guard let name = (info[.licenseShortName] ?? info[.usageTerms]).map(plain).flatMap(\.nilIfEmpty) else { return nil }
        return LicenseTag(
            name: name, address: absolute(info[.licenseURL]),
            attributionRequired: info[.attributionRequired].flatMap { JSONValue.string($0).bool })
    }

    // MARK: - Fields
    /// An `extmetadata` field's value as text: a string, a number, or the English (else first) of a
    /// multilingual object; nil when absent or blank.
    static func metadata(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let text = value.nonEmptyString { return text }
        guard let languages = value.object else { return nil }
        let preferred = languages["en"] ?? languages.filter { !$0.key.hasPrefix("_") }.sorted { $0.key < $1.key }.first?.value
        return preferred?.nonEmptyString
    }

    /// HTML to one line of text (Commons' creators and licence names come wrapped in links and spans).
    static func plain(_ html: String) -> String {
        // Most values (names, dates, licences) are one plain line: one look at the bytes instead of three.
        if isOneLineAsIs(html) { return html }
        let text = HTMLText.plainText(HTMLText.withoutHiddenElements(html))
        // Text without a line break is one line already.
        guard hasLineBreak(text) else { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Text that `plain` gives back unchanged: no tag (no `<` at all), entity, tab, no-break space or byte of
    /// a line break (0x09–0x0D; 0x85, 0xA0, 0xA8, 0xA9 wherever they are), no space at either end or after
    /// another. A stricter `HTMLText.isAlreadyPlain` that also has no line break for `hasLineBreak` to find.
    static func isOneLineAsIs(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "&"), 0x09...0x0D, 0x85, 0xA0, 0xA8, 0xA9: return false
            case 0x20 where previous == 0x20: return false
            default: previous = byte
            }
        }
        return previous != 0x20 || text.isEmpty
    }

    /// Whether a Character of `text` is a newline: one whose first scalar is U+000A–U+000D, U+0085, U+2028
    /// or U+2029 (`Character.isNewline`), looked for in the bytes.
    static func hasLineBreak(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0A...0x0D: return true
            case 0x85 where previous == 0xC2: return true
            case 0xA8...0xA9 where previous == 0x80 && beforePrevious == 0xE2: return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// "File:Lone tree.jpg" → "Lone tree".
    static func displayName(_ title: String) -> String {
        var name = Substring(title)
        if let colon = name.firstIndex(of: ":") { name = name[name.index(after: colon)...] }
        if let dot = name.lastIndex(of: "."), dot > name.startIndex { name = name[..<dot] }
        return String(name)
    }

    /// Protocol-relative addresses ("//commons.wikimedia.org/…") as https.
    static func absolute(_ address: String?) -> String? {
        guard let raw = address else { return nil }
        // Plain ASCII at both ends has no space to trim (Foundation's trim is costly).
        let plainEdges = raw.utf8.first.map(JSONValue.isPlainEdge) == true && raw.utf8.last.map(JSONValue.isPlainEdge) == true
        let trimmed = plainEdges ? raw : raw.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.hasPrefix("//") ? "https:" + trimmed : trimmed
    }

    /// The first `href` in some HTML, made absolute: the creator's page in `Artist`.
    static func firstLink(_ html: String) -> URL? {
        guard let start = html.range(of: "href=\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return absolute(HTMLText.decodeEntities(String(rest[..<end]))).flatMap(URL.init(string:))
    }
}
