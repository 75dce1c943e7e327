import Foundation

/// Reads Openverse's result pages (`{result_count, page_count, page_size, page, results}`) and single
/// images, tolerating what recordings show: `page_size` and `page` missing, nulls for `creator_url`,
/// `filesize` and the like, thumbnails at `/v1/images/<id>/thumb/` or the older `/v1/thumbs/<id>`.
enum OpenverseParser {
    static func page(_ root: JSONValue, asked: Int) throws(PhotoramaError) -> Page<Photo> {
        guard root.object != nil else { throw .invalidData("expected a JSON object") }
        guard let results = root["results"]?.array else { throw .invalidData("results: missing") }
        let photos = results.map(OpenverseResult.init).compactMap(photo)
        if !results.isEmpty, photos.isEmpty { throw .invalidData("the response format has changed") }
        let page = root["page"]?.int ?? asked
        return Page(
            items: photos, page: page, pages: root["page_count"]?.int ?? page, total: root["result_count"]?.int ?? photos.count)
    }

    static func detail(_ root: JSONValue) -> PhotoDetail? {
        guard let photo = photo(OpenverseResult(root)) else { return nil }
        var detail = PhotoDetail(photo: photo)
        detail.creatorURL = root["creator_url"]?.nonEmptyString.flatMap(URL.init(string:))
        detail.sourceName = root["source"]?.nonEmptyString ?? root["provider"]?.nonEmptyString
        return detail
    }

    /// One result; nil without an id or any picture address.
    static func photo(_ entry: OpenverseResult) -> Photo? {
        guard let id = entry.id else { return nil }
        let width = entry.width.flatMap { $0 > 0 ? $0 : nil }
        let height = entry.height.flatMap { $0 > 0 ? $0 : nil }
        var images: [PhotoImage] = []
        if let thumb = address(entry.thumbnail) {
            // The thumbnail service scales to 600 pixels wide at most, never up.
            let scale = width.map { min(1, 600 / Double($0)) }
            let w = width.flatMap { w in scale.map { Int((Double(w) * $0).rounded()) } }
            let h = height.flatMap { h in scale.map { Int((Double(h) * $0).rounded()) } }
            let edge = w.flatMap { w in h.map { max(w, $0) } }
            images.append(
                PhotoImage(
                    size: edge.map(FiveHundredPxParser.sizeClass(forLongestEdge:)) ?? .medium640, address: thumb, width: w, height: h))
        }
        if let original = address(entry.url), original != images.first?.address {
            images.append(PhotoImage(size: .original, address: original, width: width, height: height))
        }
        guard !images.isEmpty else { return nil }
        return Photo(
            provider: .openverse, id: id, title: entry.title.map(HTMLText.plainText) ?? "",
            owner: entry.creator ?? "", ownerID: nil, images: images,
            pageAddress: address(entry.landingURL),
            tags: entry.tags,
            licenseTag: license(entry))
    }

    /// "by-sa" and "2.0" → "CC BY-SA 2.0"; cc0 and pdm by their names; attribution required but for those two.
    static func license(_ entry: OpenverseResult) -> LicenseTag? {
        guard let code = entry.license?.lowercased() else { return nil }
        let version = entry.licenseVersion
        let name: String
        switch code {
        case "cc0": name = "CC0 \(version ?? "1.0")"
        case "pdm": name = "Public Domain Mark \(version ?? "1.0")"
        default: name = (["CC", code.uppercased()] + [version].compactMap { $0 }).joined(separator: " ")
        }
        return LicenseTag(
            name: name, address: entry.licenseURL, attributionRequired: !["cc0", "pdm"].contains(code))
    }

    /// The API's error text: `detail` (a string or an object of field errors) or `error`.
    static func errorText(_ root: JSONValue) -> String? {
        if let text = root["detail"]?.nonEmptyString ?? root["error"]?.nonEmptyString ?? root["message"]?.nonEmptyString { return text }
        guard let fields = root["detail"]?.object ?? root.object else { return nil }
        let parts = fields.sorted { $0.key < $1.key }.compactMap { key, value -> String? in
            let text = value.nonEmptyString ?? value.array?.compactMap(\.nonEmptyString).joined(separator: " ")
            return text.flatMap { $0.isEmpty ? nil : "\(key): \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// An address with a scheme, as the text of its URL.
    static func address(_ text: String?) -> String? {
        text.flatMap { AbsoluteAddress.text($0) }
    }
}

/// What one result says, as `OpenverseParser.photo` reads it: taken from the JSON tree here, or straight
/// from the bytes by `OpenverseAnswerReader`, with the same accessors' rules (`.nonEmptyString`, `.int`).
struct OpenverseResult {
    var id: String?
    var title: String?
    var creator: String?
    var width: Int?
    var height: Int?
    var thumbnail: String?
    var url: String?
    var landingURL: String?
    /// Each tag's `name`.
    var tags: [String] = []
    var license: String?
    var licenseVersion: String?
    var licenseURL: String?

    init() {}

    /// From the tree; anything but an object is a result with nothing.
    init(_ entry: JSONValue) {
        guard entry.object != nil else { return }
        id = entry["id"]?.nonEmptyString
        title = entry["title"]?.nonEmptyString
        creator = entry["creator"]?.nonEmptyString
        width = entry["width"]?.int
        height = entry["height"]?.int
        thumbnail = entry["thumbnail"]?.nonEmptyString
        url = entry["url"]?.nonEmptyString
        landingURL = entry["foreign_landing_url"]?.nonEmptyString
        tags = (entry["tags"]?.array ?? []).compactMap { $0["name"]?.nonEmptyString }
        license = entry["license"]?.nonEmptyString
        licenseVersion = entry["license_version"]?.nonEmptyString
        licenseURL = entry["license_url"]?.nonEmptyString
    }
}
