import Foundation

/// Reads Openverse's result pages (`{result_count, page_count, page_size, page, results}`) and single
/// images, tolerating what recordings show: `page_size` and `page` missing, nulls for `creator_url`,
/// `filesize` and the like, thumbnails at `/v1/images/<id>/thumb/` or the older `/v1/thumbs/<id>`.
enum OpenverseParser {
    static func page(_ root: JSONValue, asked: Int) throws(PhotoramaError) -> Page<Photo> {
        guard root.object != nil else { throw .invalidData("expected a JSON object") }
        guard let results = root["results"]?.array else { throw .invalidData("results: missing") }
        let photos = results.compactMap(photo)
        if !results.isEmpty, photos.isEmpty { throw .invalidData("the response format has changed") }
        let page = root["page"]?.int ?? asked
        return Page(
            items: photos, page: page, pages: root["page_count"]?.int ?? page, total: root["result_count"]?.int ?? photos.count)
    }

    static func detail(_ root: JSONValue) -> PhotoDetail? {
        guard let photo = photo(root) else { return nil }
        var detail = PhotoDetail(photo: photo)
        detail.creatorURL = root["creator_url"]?.nonEmptyString.flatMap(URL.init(string:))
        detail.sourceName = root["source"]?.nonEmptyString ?? root["provider"]?.nonEmptyString
        return detail
    }

    /// One result; nil without an id or any picture address.
    static func photo(_ entry: JSONValue) -> Photo? {
        guard entry.object != nil, let id = entry["id"]?.nonEmptyString else { return nil }
        let width = entry["width"]?.int.flatMap { $0 > 0 ? $0 : nil }
        let height = entry["height"]?.int.flatMap { $0 > 0 ? $0 : nil }
        var images: [PhotoImage] = []
        if let thumb = address(entry["thumbnail"]) {
            // The thumbnail service scales to 600 pixels wide at most, never up.
            let scale = width.map { min(1, 600 / Double($0)) }
            let w = width.flatMap { w in scale.map { Int((Double(w) * $0).rounded()) } }
            let h = height.flatMap { h in scale.map { Int((Double(h) * $0).rounded()) } }
            let edge = w.flatMap { w in h.map { max(w, $0) } }
            images.append(
                PhotoImage(size: edge.map(FiveHundredPxParser.sizeClass(forLongestEdge:)) ?? .medium640, url: thumb, width: w, height: h))
        }
        if let original = address(entry["url"]), original.absoluteString != images.first?.url.absoluteString {
            images.append(PhotoImage(size: .original, url: original, width: width, height: height))
        }
        guard !images.isEmpty else { return nil }
        return Photo(
            provider: .openverse, id: id, title: entry["title"]?.nonEmptyString.map(HTMLText.plainText) ?? "",
            owner: entry["creator"]?.nonEmptyString ?? "", ownerID: nil, images: images,
            pageURL: address(entry["foreign_landing_url"]),
            tags: (entry["tags"]?.array ?? []).compactMap { $0["name"]?.nonEmptyString },
            licenseTag: license(entry))
    }

    /// "by-sa" and "2.0" → "CC BY-SA 2.0"; cc0 and pdm by their names; attribution required but for those two.
    static func license(_ entry: JSONValue) -> LicenseTag? {
        guard let code = entry["license"]?.nonEmptyString?.lowercased() else { return nil }
        let version = entry["license_version"]?.nonEmptyString
        let name: String
        switch code {
        case "cc0": name = "CC0 \(version ?? "1.0")"
        case "pdm": name = "Public Domain Mark \(version ?? "1.0")"
        default: name = (["CC", code.uppercased()] + [version].compactMap { $0 }).joined(separator: " ")
        }
        return LicenseTag(
            name: name, address: entry["license_url"]?.nonEmptyString, attributionRequired: !["cc0", "pdm"].contains(code))
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

    static func address(_ value: JSONValue?) -> URL? {
        guard let text = value?.nonEmptyString, let url = URL(string: text), url.scheme != nil else { return nil }
        return url
    }
}
