import Foundation
import PhotoramaText

/// Reads the MediaWiki Action API's `query` answers for files, as Commons really sends them: `pages` as an
/// object keyed by page id (formatversion 1) or an array (2); `continue`, legacy `query-continue` or none;
/// pages without `imageinfo` (a prop continuation, a missing file); `extmetadata` values as strings, numbers
/// or multilingual objects, with HTML in them. Non-images (PDF, audio, video) and files with no picture to
/// show are left out.
enum CommonsParser {
    /// The `extmetadata` fields asked for (`iiextmetadatafilter`) and read.
    static let metadataKeys = [
        "Artist", "ImageDescription", "ObjectName", "DateTimeOriginal", "LicenseShortName", "UsageTerms", "LicenseUrl",
        "AttributionRequired", "GPSLatitude", "GPSLongitude", "Categories",
    ]

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
        let entries = pages(root)
        let photos = entries.compactMap(photo)
        let more = continues(root)
        return Page(items: photos, page: page, pages: more ? page + 1 : page, total: offset + photos.count)
    }

    /// The first file of the answer with its extras; nil when there is none that is an image.
    static func detail(_ root: JSONValue) throws(PhotoramaError) -> PhotoDetail? {
        guard let entry = pages(root).first(where: { photo($0) != nil }), let photo = photo(entry) else { return nil }
        let info = entry["imageinfo"]?.array?.first
        // The creator (`Artist`) is who the sidecar and the detail credit; the uploader is only the account.
        var detail = PhotoDetail(photo: photo, ownerUsername: info?["user"]?.nonEmptyString, ownerRealName: photo.owner.nilIfEmpty)
        detail.creatorURL = metadata(info, "Artist").flatMap(firstLink)
        return detail
    }

    /// `query.pages` in search order (`index`, else as sent); the object form's keys are page ids.
    static func pages(_ root: JSONValue) -> [JSONValue] {
        let value = root["query"]?["pages"]
        let list = value?.array ?? value?.object.map { $0.sorted { $0.key < $1.key }.map(\.value) } ?? []
        return list.enumerated().sorted { a, b in
            (a.element["index"]?.int ?? Int.max, a.offset) < (b.element["index"]?.int ?? Int.max, b.offset)
        }.map(\.element)
    }

    /// Whether the list goes on: a `continue` (or legacy `query-continue`) block that continues the
    /// generator (`gsroffset`, `gaicontinue` …), not only a property of this batch's files.
    static func continues(_ root: JSONValue) -> Bool {
        let ofThisBatch: Set<String> = ["continue", "iistart", "iicontinue", "cocontinue"]
        if let block = root["continue"]?.object { return block.keys.contains { !ofThisBatch.contains($0) } }
        if let legacy = root["query-continue"]?.object { return legacy.keys.contains { !["imageinfo", "coordinates"].contains($0) } }
        return false
    }

    // MARK: - Files
    /// One file as a photo; nil for a missing file, one without imageinfo, a non-image or one with no picture.
    static func photo(_ entry: JSONValue) -> Photo? {
        guard let title = entry["title"]?.nonEmptyString, let info = entry["imageinfo"]?.array?.first, info.object != nil,
            isImage(info)
        else { return nil }
        let images = renditions(info)
        guard !images.isEmpty else { return nil }
        let artist = metadata(info, "Artist").map(plain)
        let coordinates = entry["coordinates"]?.array?.first
        let location =
            FlickrPhotoParser.location(
                latitude: metadata(info, "GPSLatitude").flatMap { Double($0) },
                longitude: metadata(info, "GPSLongitude").flatMap { Double($0) })
            ?? FlickrPhotoParser.location(latitude: coordinates?["lat"], longitude: coordinates?["lon"])
        return Photo(
            provider: .commons, id: title,
            title: metadata(info, "ObjectName").map(plain).flatMap(\.nilIfEmpty) ?? displayName(title),
            owner: artist.flatMap(\.nilIfEmpty) ?? info["user"]?.nonEmptyString ?? "",
            ownerID: info["user"]?.nonEmptyString,
            taken: metadata(info, "DateTimeOriginal").map(plain).flatMap { LocalDateTime(parsing: String($0.prefix(19))) },
            images: images, pageURL: info["descriptionurl"]?.nonEmptyString.flatMap(URL.init(string:)), location: location,
            tags: metadata(info, "Categories").map { $0.split(separator: "|").map(String.init) } ?? [],
            description: metadata(info, "ImageDescription").map(HTMLText.plainText) ?? "",
            licenseTag: license(info))
    }

    /// `mime` image/…; without it `mediatype` BITMAP or DRAWING; without either, a picture with a size.
    static func isImage(_ info: JSONValue) -> Bool {
        if let mime = info["mime"]?.nonEmptyString { return mime.lowercased().hasPrefix("image/") }
        if let type = info["mediatype"]?.nonEmptyString { return ["BITMAP", "DRAWING"].contains(type.uppercased()) }
        return (info["width"]?.int ?? 0) > 0 && (info["height"]?.int ?? 0) > 0
    }

    /// The thumbnail asked for, larger ones made from its address (Commons scales to any width in the
    /// `NNNpx-` segment) while the original is larger, and the original when it is a format we decode.
    static func renditions(_ info: JSONValue) -> [PhotoImage] {
        let width = info["width"]?.int.flatMap { $0 > 0 ? $0 : nil }
        let height = info["height"]?.int.flatMap { $0 > 0 ? $0 : nil }
        var images: [PhotoImage] = []
        var addresses = Set<String>()
        func add(_ address: String?, _ w: Int?, _ h: Int?) {
            guard let address, let url = URL(string: address), url.scheme != nil, addresses.insert(url.absoluteString).inserted else {
                return
            }
            let edge = w.flatMap { w in h.map { max(w, $0) } }
            let size = edge.map(FiveHundredPxParser.sizeClass(forLongestEdge:)) ?? .medium640
            images.append(PhotoImage(size: size, url: url, width: w, height: h))
        }
        let thumb = absolute(info["thumburl"]?.nonEmptyString)
        let thumbWidth = info["thumbwidth"]?.int
        add(thumb, thumbWidth, info["thumbheight"]?.int)
        if let thumb, let thumbWidth, thumbWidth > 0, let width, let height, thumb.contains("/\(thumbWidth)px-") {
            for larger in [800, 1600] where larger > thumbWidth && larger < width {
                let scaled = Int((Double(height) * Double(larger) / Double(width)).rounded())
                add(thumb.replacingOccurrences(of: "/\(thumbWidth)px-", with: "/\(larger)px-"), larger, scaled)
            }
        }
        if let original = absolute(info["url"]?.nonEmptyString), decodable(info, address: original) {
            add(original, width, height)
        }
        return images
    }

    /// JPEG, PNG and GIF originals are drawn as they are; others (SVG, TIFF, WebP …) only through thumbnails.
    static func decodable(_ info: JSONValue, address: String) -> Bool {
        let formats = ["image/jpeg", "image/png", "image/gif"]
        if let mime = info["mime"]?.nonEmptyString { return formats.contains(mime.lowercased()) }
        let name = address.split(separator: "?").first.map { $0.lowercased() } ?? ""
        return [".jpg", ".jpeg", ".png", ".gif"].contains { name.hasSuffix($0) }
    }

    /// `LicenseShortName` (else `UsageTerms`), `LicenseUrl` made absolute, `AttributionRequired`.
    static func license(_ info: JSONValue) -> LicenseTag? {
        guard let name = (metadata(info, "LicenseShortName") ?? metadata(info, "UsageTerms")).map(plain).flatMap(\.nilIfEmpty)
        else { return nil }
        return LicenseTag(
            name: name, address: absolute(metadata(info, "LicenseUrl")),
            attributionRequired: metadata(info, "AttributionRequired").flatMap { JSONValue.string($0).bool })
    }

    // MARK: - Fields
    /// An `extmetadata` field's value as text: a string, a number, or the English (else first) of a
    /// multilingual object; nil when absent or blank.
    static func metadata(_ info: JSONValue?, _ key: String) -> String? {
        guard let value = info?["extmetadata"]?[key]?["value"] else { return nil }
        if let text = value.nonEmptyString { return text }
        guard let languages = value.object else { return nil }
        let preferred = languages["en"] ?? languages.filter { !$0.key.hasPrefix("_") }.sorted { $0.key < $1.key }.first?.value
        return preferred?.nonEmptyString
    }

    /// HTML to one line of text (Commons' creators and licence names come wrapped in links and spans).
    static func plain(_ html: String) -> String {
        HTMLText.plainText(HTMLText.withoutHiddenElements(html)).split(whereSeparator: \.isNewline).joined(separator: " ")
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
        guard let address = address?.trimmingCharacters(in: .whitespaces), !address.isEmpty else { return nil }
        return address.hasPrefix("//") ? "https:" + address : address
    }

    /// The first `href` in some HTML, made absolute: the creator's page in `Artist`.
    static func firstLink(_ html: String) -> URL? {
        guard let start = html.range(of: "href=\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return absolute(HTMLText.decodeEntities(String(rest[..<end]))).flatMap(URL.init(string:))
    }
}
